// A match file: everything that reproduces a match exactly (game, options, seats, seed, scripted
// chance outcomes, the action log), as `GET /api/matches/{id}/export` writes it and
// `tortuga replay FILE` reads it. Its "script" is either raw draws (numbers, taken by the engine
// in the order it asks) or named chance events in the game's words (docs/match-files.md).
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "persistence/store.hpp"
#include "rules/core/state.hpp"

namespace tortuga {

inline constexpr const char* kMatchFileFormat = "tortuga-match/1";

struct MatchFile {
  std::string game;
  Json options = Json::object();
  Json seats = Json::array();  // [{seat, name, bot?}]
  std::uint64_t seed = 0;
  std::vector<std::uint32_t> script;  // raw draws
  Json events = Json::array();        // or named chance events, checked by replay()
  std::vector<AppliedAction> actions;
  Json result = nullptr;  // as stored; replay recomputes it
};

Expected<MatchFile> parse_match_file(const Json& file);
Json to_json(const MatchFile& file);
MatchFile match_file_of(const store::Match& match, const std::vector<store::Action>& actions);

// Rebuilds the match, calling on_step(step, state) after the start (step 0) and each action.
// Refuses a file whose game is unknown, whose options are refused, whose named chance events the
// game does not know, refuses or never asks for, or whose log holds an action the rules refuse
// (a corrupt or foreign log). Given on_refused, a refused action is reported to it instead, and
// the replay goes on with the next; its step is then skipped.
using StepObserver = std::function<void(std::size_t step, const State& state)>;
using RefusalObserver =
    std::function<void(std::size_t step, const AppliedAction& action, const Error& error)>;
Expected<std::unique_ptr<State>> replay(const MatchFile& file, const StepObserver& on_step = {},
                                        const RefusalObserver& on_refused = {});

}  // namespace tortuga
