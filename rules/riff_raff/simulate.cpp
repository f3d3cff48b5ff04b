// The only file that speaks Box2D. A b2World is built from a World's numbers for each placement
// (always in the same order, so the same numbers give the same world), stepped with a fixed time
// step and fixed iteration counts, and read back into numbers.
#include <algorithm>
#include <cmath>
#include <memory>

#include <box2d/box2d.h>

#include "rules/riff_raff/world.hpp"

namespace tortuga::riff_raff {
namespace {

constexpr std::uint16_t kShipBits = 0x0001;
constexpr std::uint16_t kCargoBits = 0x0002;
constexpr std::uint16_t kWeightBits = 0x0004;  // the counterweight touches nothing
constexpr float kScanStep = 0.02f;             // the lowest free spot is searched in these steps
constexpr int kScanLimit = 500;
constexpr float kOverhang = 1.0f;  // how far past an open end a piece's centre still counts

struct Shapes {
  std::vector<b2PolygonShape> polygons;
  std::vector<b2CircleShape> circles;
  std::vector<const b2Shape*> all;
};

Shapes shapes_of(const std::vector<Part>& parts) {
  Shapes s;
  s.polygons.reserve(parts.size());
  s.circles.reserve(parts.size());
  for (const Part& part : parts) {
    if (part.points.empty()) {
      b2CircleShape& c = s.circles.emplace_back();
      c.m_p.Set(part.centre.x, part.centre.y);
      c.m_radius = part.radius;
    } else {
      b2Vec2 points[b2_maxPolygonVertices];
      for (std::size_t i = 0; i < part.points.size(); ++i)
        points[i].Set(part.points[i].x, part.points[i].y);
      s.polygons.emplace_back().Set(points, static_cast<int32>(part.points.size()));
    }
  }
  for (auto& p : s.polygons) s.all.push_back(&p);
  for (auto& c : s.circles) s.all.push_back(&c);
  return s;
}

b2Transform transform_of(const Pose& pose) {
  return b2Transform(b2Vec2(pose.x, pose.y), b2Rot(pose.angle));
}

b2Body* add_body(b2World& world, const Pose& pose, b2BodyType type) {
  b2BodyDef def;
  def.type = type;
  def.position.Set(pose.x, pose.y);
  def.angle = pose.angle;
  def.linearVelocity.Set(pose.vx, pose.vy);
  def.angularVelocity = pose.spin;
  return world.CreateBody(&def);
}

void add_parts(b2Body* body, const std::vector<Part>& parts, const Material& material,
               std::uint16_t category, std::uint16_t mask) {
  Shapes shapes = shapes_of(parts);
  for (const b2Shape* shape : shapes.all) {
    b2FixtureDef def;
    def.shape = shape;
    def.density = material.density;
    def.friction = material.friction;
    def.restitution = material.restitution;
    def.filter.categoryBits = category;
    def.filter.maskBits = mask;
    body->CreateFixture(&def);
  }
}

Pose pose_of(const b2Body* body) {
  const b2Vec2 p = body->GetPosition(), v = body->GetLinearVelocity();
  return {p.x, p.y, body->GetAngle(), v.x, v.y, body->GetAngularVelocity()};
}

int milli(float v) {
  return static_cast<int>(std::lround(v * 1000.0f));
}

bool touching(b2Body* body) {
  for (b2ContactEdge* edge = body->GetContactList(); edge; edge = edge->next)
    if (edge->contact->IsTouching()) return true;
  return false;
}

}  // namespace

std::pair<float, float> extent_x(const CargoKind& kind, float angle) {
  const float c = std::cos(angle), s = std::sin(angle);
  float lo = 1e9f, hi = -1e9f;
  for (const Part& part : kind.parts) {
    if (part.points.empty()) {
      const float x = c * part.centre.x - s * part.centre.y;
      lo = std::min(lo, x - part.radius), hi = std::max(hi, x + part.radius);
    }
    for (const Vec& p : part.points) {
      const float x = c * p.x - s * p.y;
      lo = std::min(lo, x), hi = std::max(hi, x);
    }
  }
  return {lo, hi};
}

World upright_ship(const Spec& spec) {
  World world;
  world.ship.x = spec.pivot.x;
  world.ship.y = spec.pivot.y;
  return world;
}

Expected<Pose> release_pose(const Spec& spec, const World& world, const Placement& placement) {
  const Area& area = spec.areas[placement.area - 1];
  const CargoKind& kind = spec.kinds[placement.kind];
  const float angle = placement.angle_deg * 3.14159265358979f / 180.0f;
  const auto [lo, hi] = extent_x(kind, angle);
  if (!(placement.x >= area.from && placement.x <= area.to))
    return illegal("x must lie on area " + std::to_string(area.number) + ": within [" +
                   std::to_string(area.from) + ", " + std::to_string(area.to) + "]");
  if (!area.open_from && placement.x + lo < area.from - 1e-4f)
    return illegal("the piece would reach past the inner end of area " +
                   std::to_string(area.number) + " (x - " + std::to_string(-lo) + " < " +
                   std::to_string(area.from) + "): cargo may overhang the hull, not other areas");
  if (!area.open_to && placement.x + hi > area.to + 1e-4f)
    return illegal("the piece would reach past the inner end of area " +
                   std::to_string(area.number) + " (x + " + std::to_string(hi) + " > " +
                   std::to_string(area.to) + "): cargo may overhang the hull, not other areas");

  // The lowest bottom of the turned piece, to start the search with it on the surface.
  const float c = std::cos(angle), s = std::sin(angle);
  float bottom = 1e9f;
  for (const Part& part : kind.parts) {
    if (part.points.empty())
      bottom = std::min(bottom, s * part.centre.x + c * part.centre.y - part.radius);
    for (const Vec& p : part.points) bottom = std::min(bottom, s * p.x + c * p.y);
  }

  const Shapes piece = shapes_of(kind.parts);
  const Shapes hull = shapes_of(spec.ship_parts);
  std::vector<Shapes> others;
  for (const Cargo& cargo : world.cargo) others.push_back(shapes_of(spec.kinds[cargo.kind].parts));
  const b2Transform ship_xf = transform_of(world.ship);
  auto overlaps = [&](const b2Transform& xf, const Shapes& shapes, const b2Transform& at) {
    for (const b2Shape* a : piece.all)
      for (const b2Shape* b : shapes.all)
        if (b2TestOverlap(a, 0, b, 0, at, xf)) return true;
    return false;
  };

  auto free_at = [&](float y) {
    const b2Transform at = b2Mul(ship_xf, b2Transform(b2Vec2(placement.x, y), b2Rot(angle)));
    if (overlaps(ship_xf, hull, at)) return false;
    for (std::size_t k = 0; k < others.size(); ++k)
      if (overlaps(transform_of(world.cargo[k].pose), others[k], at)) return false;
    return true;
  };
  float y = area.surface - bottom + kScanStep / 2;
  for (int i = 0; i < kScanLimit; ++i, y += kScanStep) {
    if (!free_at(y)) continue;
    // Raise it by the drop, but never into what is above (a yard, an overhanging piece).
    float lifted = 0;
    while (lifted < placement.drop) {
      const float next = std::min(lifted + kScanStep, placement.drop);
      if (!free_at(y + next)) break;
      lifted = next;
    }
    const b2Transform released =
        b2Mul(ship_xf, b2Transform(b2Vec2(placement.x, y + lifted), b2Rot(angle)));
    return Pose{released.p.x, released.p.y, world.ship.angle + angle, 0, 0, 0};
  }
  return illegal("there is no room left above area " + std::to_string(area.number) + " at x " +
                 std::to_string(placement.x));
}

Motion simulate(const Spec& spec, World& world, int max_steps) {
  const Physics& ph = spec.physics;
  b2World sim(b2Vec2(0, ph.gravity));
  sim.SetAllowSleeping(true);

  b2Body* ground = add_body(sim, Pose{spec.pivot.x, spec.pivot.y}, b2_staticBody);
  b2Body* ship = add_body(sim, world.ship, b2_dynamicBody);
  ship->SetAngularDamping(spec.angular_damping);
  add_parts(ship, spec.ship_parts, spec.ship_material, kShipBits, kCargoBits);
  add_parts(ship, {spec.counterweight}, {spec.counterweight_density, 0, 0}, kWeightBits, 0);
  b2RevoluteJointDef joint;
  joint.Initialize(ground, ship, b2Vec2(spec.pivot.x, spec.pivot.y));
  joint.referenceAngle = 0;
  joint.enableLimit = true;
  joint.lowerAngle = -spec.joint_limit;
  joint.upperAngle = spec.joint_limit;
  joint.enableMotor = true;  // a motor held at speed 0 is the ball joint's friction
  joint.motorSpeed = 0;
  joint.maxMotorTorque = spec.joint_friction;
  sim.CreateJoint(&joint);

  std::vector<b2Body*> bodies;
  for (const Cargo& cargo : world.cargo) {
    b2Body* body = add_body(sim, cargo.pose, b2_dynamicBody);
    add_parts(body, spec.kinds[cargo.kind].parts, spec.kinds[cargo.kind].material, kCargoBits,
              kShipBits | kCargoBits);
    bodies.push_back(body);
  }

  Motion motion;
  const std::size_t n = bodies.size();
  std::vector<std::vector<int>> tracks(n);
  std::vector<int> last_touch(n, -1), water_step(n, -1);
  auto record = [&] {
    const Pose s = pose_of(ship);
    motion.ship.insert(motion.ship.end(), {milli(s.x), milli(s.y), milli(s.angle)});
    const b2Transform ship_xf = ship->GetTransform();
    for (std::size_t i = 0; i < n; ++i) {
      if (water_step[i] >= 0) continue;
      const b2Vec2 local = b2MulT(ship_xf, bodies[i]->GetPosition());
      tracks[i].insert(tracks[i].end(), {milli(local.x), milli(local.y),
                                         milli(bodies[i]->GetAngle() - ship->GetAngle())});
    }
    ++motion.frames;
  };

  record();
  const float dt = 1.0f / static_cast<float>(ph.step_hz);
  int step = 0;
  const int cap = std::min(max_steps, ph.max_steps);
  while (step < cap) {
    sim.Step(dt, ph.velocity_iterations, ph.position_iterations);
    ++step;
    bool awake = ship->IsAwake();
    for (std::size_t i = 0; i < n; ++i) {
      if (water_step[i] >= 0) continue;
      if (touching(bodies[i])) last_touch[i] = step;
      if (bodies[i]->GetPosition().y < ph.water_y) {
        water_step[i] = step;
        sim.DestroyBody(bodies[i]);
        continue;
      }
      awake = awake || bodies[i]->IsAwake();
    }
    if (step % ph.frame_every == 0) record();
    if (!awake) {
      motion.settled = true;
      break;
    }
  }
  motion.steps = step;
  if (step % ph.frame_every != 0) record();  // the final rest is always the last frame

  world.ship = pose_of(ship);
  std::vector<Cargo> kept;
  for (std::size_t i = 0; i < n; ++i) {
    const Cargo& cargo = world.cargo[i];
    std::vector<int>& track = tracks[i];
    if (water_step[i] >= 0) {
      const int last = static_cast<int>(track.size() / 3) - 1;
      const int free_from = last_touch[i] < 0 ? 0 : last_touch[i] / ph.frame_every + 1;
      motion.falls.push_back({cargo.id, cargo.kind, free_from, last});
      motion.tracks.emplace_back(cargo.id, std::move(track));
      continue;
    }
    kept.push_back({cargo.id, cargo.kind, pose_of(bodies[i])});
    bool still = true;
    for (std::size_t k = 3; still && k < track.size(); ++k) still = track[k] == track[k % 3];
    if (!still) motion.tracks.emplace_back(cargo.id, std::move(track));
  }
  world.cargo = std::move(kept);
  return motion;
}

int area_of(const Spec& spec, const World& world, const Cargo& cargo) {
  const float c = std::cos(world.ship.angle), s = std::sin(world.ship.angle);
  const float dx = cargo.pose.x - world.ship.x, dy = cargo.pose.y - world.ship.y;
  const float x = c * dx + s * dy, y = -s * dx + c * dy;
  for (const Area& area : spec.areas) {
    // Past an open end the band goes on: cargo may overhang the hull and the yards' tips.
    const float from = area.open_from ? area.from - kOverhang : area.from;
    const float to = area.open_to ? area.to + kOverhang : area.to;
    if (x >= from && x <= to && y >= area.surface && y < area.ceiling) return area.number;
  }
  return 0;
}

}  // namespace tortuga::riff_raff
