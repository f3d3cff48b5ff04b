// The ship, its areas, the eight cargo kinds and the simulation's constants, as plain data read
// from cargo.json (or from cargo.json with a match's "model" option merged over it). Nothing here
// knows Box2D: simulate.cpp turns a Spec into bodies.
#pragma once

#include <array>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "rules/core/error.hpp"

namespace tortuga::riff_raff {

inline constexpr int kKinds = 8;
inline constexpr int kAreas = 10;
inline constexpr int kFirstYardArea = 5;  // areas 5..10 are on the yards
// The kinds in the order of the rulebook; a kind's index is its number everywhere.
inline constexpr std::array<const char*, kKinds> kKindNames = {"boat",  "barrel", "bottle", "crate",
                                                               "chest", "plank",  "sailor", "rat"};

int kind_index(const std::string& name);  // -1 when unknown

struct Vec {
  float x = 0, y = 0;
};

// A convex polygon (3..8 points, counter-clockwise) or a circle.
struct Part {
  std::vector<Vec> points;  // empty for a circle
  Vec centre;
  float radius = 0;
};

struct Material {
  float density = 1, friction = 0.5f, restitution = 0;
};

struct CargoKind {
  std::vector<Part> parts;
  Material material;
};

// An area along the deck or a yard arm, in ship coordinates: the span [from, to] of x, the height
// of the surface cargo stands on, and the height of what is above (the next yard's underside).
// An open end is the hull's or the yard's outer end: cargo may overhang it, not the other ends.
struct Area {
  int number = 0;
  float from = 0, to = 0, surface = 0, ceiling = 0;
  bool open_from = false, open_to = false;
};

struct Physics {
  float gravity = -10;
  int step_hz = 60, velocity_iterations = 8, position_iterations = 3;
  int max_steps = 600;  // the cap on simulated steps per placement
  int frame_every = 3;  // steps between two frames of the motion sent to clients
  float water_y = 0, max_drop = 1;
  int catch_tolerance_frames = 2;
};

struct Spec {
  Physics physics;
  Vec pivot;
  float joint_limit = 0.5f, joint_friction = 0.4f, angular_damping = 0.8f;
  Material ship_material;
  std::vector<Part> ship_parts;
  Part counterweight;
  float counterweight_density = 40;
  std::array<Area, kAreas> areas;
  std::array<CargoKind, kKinds> kinds;
  nlohmann::json source;  // the JSON it was read from, for the views
};

// Reads a model in cargo.json's format; refuses it (code bad_options) with the field at fault.
Expected<std::shared_ptr<const Spec>> parse_spec(const nlohmann::json& model);
// cargo.json with `patch` (a JSON merge patch, RFC 7386; null for none) merged over it.
Expected<std::shared_ptr<const Spec>> load_spec(const nlohmann::json& patch);

}  // namespace tortuga::riff_raff
