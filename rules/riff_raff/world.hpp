// The ship and its cargo as plain values, so that a State stays a copyable value: every
// placement rebuilds a Box2D world from these numbers, simulates, and writes the numbers back.
// The same numbers and the same placement give the same result, bit for bit, on one build.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "rules/core/error.hpp"
#include "rules/riff_raff/spec.hpp"

namespace tortuga::riff_raff {

// A body's place and motion in world coordinates (x right, y up, angle counter-clockwise).
struct Pose {
  float x = 0, y = 0, angle = 0, vx = 0, vy = 0, spin = 0;
  bool operator==(const Pose&) const = default;
};

struct Cargo {
  int id = 0;
  int kind = 0;
  Pose pose;
  bool operator==(const Cargo&) const = default;
};

struct World {
  Pose ship;  // the ship's origin is the pivot
  std::vector<Cargo> cargo;
  bool operator==(const World&) const = default;
};

// How a piece goes on board: along its area (x in ship coordinates), turned by angle degrees
// from the ship's level, and released `drop` units above the lowest free spot under it.
struct Placement {
  int kind = 0;
  int area = 1;
  float x = 0, angle_deg = 0, drop = 0;
};

// A piece that ended in the water, and the frames in which a hand may grab it: from the first
// frame after it last touched the ship or cargo to its last frame above the water.
struct Fall {
  int id = 0;
  int kind = 0;
  int free_from = 0;   // first catchable frame
  int last_frame = 0;  // last frame above the water
};

// The motion of one placement, sampled every Physics::frame_every steps, in thousandths of a
// unit and of a radian. `ship` holds x, y, angle of the ship per frame (world coordinates);
// `tracks` holds, for each piece that moved on the ship (or left it), its x, y, angle per frame
// in ship coordinates, up to its last frame; a piece without a track rode still on the ship.
struct Motion {
  int frames = 0;
  int steps = 0;
  bool settled = false;  // false when the step cap ended the simulation
  std::vector<int> ship;
  std::vector<std::pair<int, std::vector<int>>> tracks;
  std::vector<Fall> falls;
};

World upright_ship(const Spec& spec);

// The pose at which a placement releases its piece, or why it may not go there.
Expected<Pose> release_pose(const Spec& spec, const World& world, const Placement& placement);

// Runs the world until everything rests or `max_steps` steps (at most the model's cap) have been
// simulated; pieces that reach the water leave world.cargo and are listed in the motion's falls.
Motion simulate(const Spec& spec, World& world, int max_steps);

// The area whose band (span and the room up to the next yard) holds the piece's centre, in ship
// coordinates; 0 for none.
int area_of(const Spec& spec, const World& world, const Cargo& cargo);

// The piece's extent along the ship's x when turned by `angle` radians: {min, max} offsets.
std::pair<float, float> extent_x(const CargoKind& kind, float angle);

}  // namespace tortuga::riff_raff
