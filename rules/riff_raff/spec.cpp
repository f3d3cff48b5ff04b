#include "rules/riff_raff/spec.hpp"

#include <algorithm>
#include <cmath>

#include "rules/riff_raff/cargo_data.hpp"

namespace tortuga::riff_raff {
namespace {

using nlohmann::json;

constexpr float kPi = 3.14159265358979f;

// j[key], or null when j is no object or lacks it: reading a model never throws.
const json& field(const json& j, const char* key) {
  static const json none;
  if (!j.is_object()) return none;
  auto it = j.find(key);
  return it == j.end() ? none : *it;
}

// Reading stops at the first fault; `error` keeps it.
struct Reader {
  std::string error;

  bool fail(const std::string& what) {
    if (error.empty()) error = "option model: " + what;
    return false;
  }

  float number(const json& j, const std::string& key, const std::string& where, float lo,
               float hi) {
    const json* v = j.is_object() && j.contains(key) ? &j[key] : nullptr;
    if (!v || !v->is_number()) return fail(where + "." + key + " must be a number"), lo;
    const double d = v->get<double>();
    if (!(d >= lo && d <= hi))
      return fail(where + "." + key + " must be within [" + std::to_string(lo) + ", " +
                  std::to_string(hi) + "]"),
             lo;
    return static_cast<float>(d);
  }

  Vec point(const json& j, const std::string& where) {
    if (!j.is_array() || j.size() != 2 || !j[0].is_number() || !j[1].is_number())
      return fail(where + " must be an [x, y] pair of numbers"), Vec{};
    const double x = j[0].get<double>(), y = j[1].get<double>();
    if (!(std::abs(x) <= 100 && std::abs(y) <= 100))
      return fail(where + " must lie within 100 units of the origin"), Vec{};
    return {static_cast<float>(x), static_cast<float>(y)};
  }

  // A convex polygon of 3..8 points, turned counter-clockwise, or a circle.
  Part part(const json& j, const std::string& where) {
    Part part;
    if (j.is_object() && j.contains("circle")) {
      part.centre = point(j["circle"], where + ".circle");
      part.radius = number(j, "radius", where, 0.02f, 10);
      return part;
    }
    if (!j.is_object() || !j.contains("polygon") || !j["polygon"].is_array())
      return fail(where +
                  " must be {\"polygon\": [[x, y], ...]} or {\"circle\": [x, y], "
                  "\"radius\": r}"),
             part;
    const json& pts = j["polygon"];
    if (pts.size() < 3 || pts.size() > 8) return fail(where + " needs 3 to 8 points"), part;
    for (std::size_t i = 0; i < pts.size(); ++i)
      part.points.push_back(point(pts[i], where + ".polygon[" + std::to_string(i) + "]"));
    float area = 0;
    const std::size_t n = part.points.size();
    for (std::size_t i = 0; i < n; ++i) {
      const Vec a = part.points[i], b = part.points[(i + 1) % n];
      area += a.x * b.y - b.x * a.y;
    }
    if (area < 0) std::reverse(part.points.begin(), part.points.end());
    if (std::abs(area) / 2 < 0.001f) return fail(where + " is too small (area under 0.001)"), part;
    for (std::size_t i = 0; i < n; ++i) {
      const Vec a = part.points[i], b = part.points[(i + 1) % n], c = part.points[(i + 2) % n];
      const float turn = (b.x - a.x) * (c.y - b.y) - (b.y - a.y) * (c.x - b.x);
      if (turn <= 1e-6f) return fail(where + " must be convex, with no three points in line"), part;
    }
    return part;
  }

  std::vector<Part> parts(const json& j, const std::string& where) {
    std::vector<Part> out;
    if (!j.is_array() || j.empty() || j.size() > 8)
      return fail(where + " must be an array of 1 to 8 parts"), out;
    for (std::size_t i = 0; i < j.size(); ++i)
      out.push_back(part(j[i], where + "[" + std::to_string(i) + "]"));
    return out;
  }

  Material material(const json& j, const std::string& where) {
    return {number(j, "density", where, 0.05f, 100), number(j, "friction", where, 0, 2),
            number(j, "restitution", where, 0, 0.9f)};
  }
};

}  // namespace

int kind_index(const std::string& name) {
  for (int k = 0; k < kKinds; ++k)
    if (name == kKindNames[k]) return k;
  return -1;
}

Expected<std::shared_ptr<const Spec>> parse_spec(const json& model) {
  Reader r;
  auto spec = std::make_shared<Spec>();
  spec->source = model;
  if (!model.is_object()) return Error{code::kBadOptions, "option model: must be an object"};

  const json& ph = field(model, "physics");
  Physics& p = spec->physics;
  p.gravity = r.number(ph, "gravity", "physics", -50, -1);
  p.step_hz = static_cast<int>(r.number(ph, "step_hz", "physics", 30, 240));
  p.velocity_iterations = static_cast<int>(r.number(ph, "velocity_iterations", "physics", 1, 30));
  p.position_iterations = static_cast<int>(r.number(ph, "position_iterations", "physics", 1, 30));
  const float seconds = r.number(ph, "max_seconds", "physics", 1, 30);
  const float frame_rate = r.number(ph, "frame_rate", "physics", 5, 60);
  p.max_steps = static_cast<int>(seconds * static_cast<float>(p.step_hz));
  p.frame_every = std::max(1, static_cast<int>(std::lround(p.step_hz / frame_rate)));
  p.water_y = r.number(ph, "water_y", "physics", -100, 100);
  p.max_drop = r.number(ph, "max_drop", "physics", 0, 5);
  p.catch_tolerance_frames =
      static_cast<int>(r.number(ph, "catch_tolerance_frames", "physics", 0, 20));

  const json& ship = field(model, "ship");
  spec->pivot = r.point(field(ship, "pivot"), "ship.pivot");
  spec->joint_limit = r.number(ship, "joint_limit_deg", "ship", 1, 80) * kPi / 180;
  spec->joint_friction = r.number(ship, "joint_friction", "ship", 0, 1000);
  spec->angular_damping = r.number(ship, "angular_damping", "ship", 0, 20);
  spec->ship_material = r.material(field(ship, "material"), "ship.material");
  spec->ship_parts = r.parts(field(ship, "parts"), "ship.parts");
  const json& weight = field(ship, "counterweight");
  spec->counterweight = r.part(weight, "ship.counterweight");
  spec->counterweight_density = r.number(weight, "density", "ship.counterweight", 0.05f, 1000);

  const json& areas = field(model, "areas");
  if (!areas.is_array() || areas.size() != kAreas)
    r.fail("areas must be an array of the 10 areas, in order");
  for (int i = 0; r.error.empty() && i < kAreas; ++i) {
    const std::string where = "areas[" + std::to_string(i) + "]";
    const json& a = areas[i];
    Area& area = spec->areas[i];
    area.number = i + 1;
    if (!a.is_object() || field(a, "number") != i + 1)
      r.fail(where + ".number must be " + std::to_string(i + 1));
    area.from = r.number(a, "from", where, -100, 100);
    area.to = r.number(a, "to", where, -100, 100);
    area.surface = r.number(a, "surface", where, -100, 100);
    area.ceiling = r.number(a, "ceiling", where, -100, 100);
    const std::string open =
        field(a, "open").is_string() ? field(a, "open").get<std::string>() : "";
    area.open_from = open == "from" || open == "both";
    area.open_to = open == "to" || open == "both";
    if (open != "from" && open != "to" && open != "both" && open != "none")
      r.fail(where + ".open must be \"from\", \"to\", \"both\" or \"none\"");
    if (r.error.empty() && !(area.to - area.from >= 0.2f))
      r.fail(where + " must be at least 0.2 units long (to - from)");
    if (r.error.empty() && !(area.ceiling > area.surface))
      r.fail(where + ".ceiling must be above its surface");
  }

  const json& cargo = field(model, "cargo");
  if (!cargo.is_object()) r.fail("cargo must be an object of the eight kinds");
  if (cargo.is_object())
    for (auto it = cargo.begin(); it != cargo.end(); ++it)
      if (kind_index(it.key()) < 0) r.fail("cargo " + quote(it.key()) + " is not a kind of cargo");
  for (int k = 0; r.error.empty() && k < kKinds; ++k) {
    const std::string where = std::string("cargo.") + kKindNames[k];
    if (!cargo.contains(kKindNames[k])) {
      r.fail(where + " is missing");
      break;
    }
    const json& c = cargo[kKindNames[k]];
    spec->kinds[k].material = r.material(c, where);
    spec->kinds[k].parts = r.parts(field(c, "parts"), where + ".parts");
  }
  if (!r.error.empty()) return Error{code::kBadOptions, r.error};
  return std::shared_ptr<const Spec>(std::move(spec));
}

Expected<std::shared_ptr<const Spec>> load_spec(const json& patch) {
  static const auto standard = parse_spec(json::parse(kCargoJson));
  if (patch.is_null()) return standard;
  json model = json::parse(kCargoJson);
  model.merge_patch(patch);
  return parse_spec(model);
}

}  // namespace tortuga::riff_raff
