#include "rules/riff_raff/model_limits.hpp"

#include <string>

namespace tortuga::riff_raff {
namespace {

using nlohmann::json;

Error bad_model(const std::string& message) {
  return {code::kBadOptions, "option model: " + message};
}

// The names a model may hold, as a tree: an object's names, each with what its value holds, the
// items of an array under "[]", and null for a value without names (a number, a point, a list of
// points). The model's own reader (spec.cpp) says what each value must be.
const json& model_names() {
  static const json names = [] {
    const json material = {{"density", nullptr}, {"friction", nullptr}, {"restitution", nullptr}};
    const json part = {{"polygon", nullptr}, {"circle", nullptr}, {"radius", nullptr}};
    json counterweight = part;
    counterweight["density"] = nullptr;
    json kind = material;
    kind["parts"] = {{"[]", part}};
    json cargo = json::object();
    for (const char* name : kKindNames) cargo[name] = kind;
    return json{{"physics",
                 {{"gravity", nullptr},
                  {"step_hz", nullptr},
                  {"velocity_iterations", nullptr},
                  {"position_iterations", nullptr},
                  {"max_seconds", nullptr},
                  {"frame_rate", nullptr},
                  {"water_y", nullptr},
                  {"max_drop", nullptr},
                  {"catch_tolerance_frames", nullptr}}},
                {"ship",
                 {{"pivot", nullptr},
                  {"joint_limit_deg", nullptr},
                  {"joint_friction", nullptr},
                  {"angular_damping", nullptr},
                  {"material", material},
                  {"parts", {{"[]", part}}},
                  {"counterweight", counterweight}}},
                {"areas",
                 {{"[]",
                   {{"number", nullptr},
                    {"from", nullptr},
                    {"to", nullptr},
                    {"surface", nullptr},
                    {"ceiling", nullptr},
                    {"open", nullptr}}}}},
                {"cargo", cargo}};
  }();
  return names;
}

Refusal check_names(const json& value, const json& names, const std::string& where) {
  if (names.is_null()) return std::nullopt;
  if (names.contains("[]")) {
    if (!value.is_array()) return std::nullopt;  // not a list: the reader says what it must be
    for (std::size_t i = 0; i < value.size(); ++i)
      if (auto bad = check_names(value[i], names["[]"], where + "[" + std::to_string(i) + "]"))
        return bad;
    return std::nullopt;
  }
  if (!value.is_object()) return std::nullopt;
  for (auto it = value.begin(); it != value.end(); ++it) {
    const std::string at = where.empty() ? it.key() : where + "." + it.key();
    auto known = names.find(it.key());
    if (known == names.end())
      return bad_model(quote(at) + " is not part of the model (cargo.json has no such name)");
    if (auto bad = check_names(it.value(), *known, at)) return bad;
  }
  return std::nullopt;
}

}  // namespace

Refusal check_model_names(const json& patch) {
  return check_names(patch, model_names(), "");
}

Refusal check_model_cost(const Spec& spec) {
  const Physics& p = spec.physics;
  const long steps = p.max_steps;
  const long work = steps * (p.velocity_iterations + p.position_iterations);
  if (work > kMaxStepIterations)
    return bad_model("physics asks for " + std::to_string(work) +
                     " solver iterations a placement (step_hz x max_seconds x (velocity_iterations "
                     "+ position_iterations)); a new match may ask for at most " +
                     std::to_string(kMaxStepIterations));
  const long frames = steps / p.frame_every;
  if (frames > kMaxFrames)
    return bad_model("physics asks for " + std::to_string(frames) +
                     " frames of motion a placement (about max_seconds x frame_rate); a new match "
                     "may ask for at most " +
                     std::to_string(kMaxFrames));
  return std::nullopt;
}

}  // namespace tortuga::riff_raff
