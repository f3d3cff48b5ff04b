#include <fstream>
#include <iostream>
#include <optional>
#include <string>
#include <variant>

#include <nlohmann/json.hpp>

#include "rules/core/registry.hpp"
#include "server/cli/commands.hpp"
#include "server/history/match_file.hpp"

namespace tortuga {
namespace {

const char* const kReplayHelp =
    "usage: tortuga replay FILE [--steps] [--seat N] [--keep-going]\n"
    "\n"
    "Replays a match file (as GET /api/matches/{id}/export writes it, or as docs/match-files.md\n"
    "describes) offline and prints the final view as JSON: fully revealed, with every seat's\n"
    "legal actions in legal_by_seat, or as seat N sees it with --seat. With --steps, prints one\n"
    "line per step instead: {step, seat, action, view}. Exits 1 if the file's log holds an action\n"
    "the rules refuse, if a named chance event is refused, or if the replayed result differs\n"
    "from the file's result (its words aside: key, params, message). With --keep-going, a\n"
    "refused action is reported on stderr as one JSON line {refused: {step, seat, action, code,\n"
    "message}} and skipped, the replay goes on, and the exit code is 1 when any was refused.\n";

// A result without its words (docs/protocol.md, "Words for people"): the ending itself, which a
// file written before results carried their words, or in other words, tells as well.
Json ending(Json result) {
  if (result.is_object())
    for (const char* words : {"key", "params", "message"}) result.erase(words);
  return result;
}

// What `tortuga replay` was asked.
struct ReplayArgs {
  std::string path;
  bool steps = false;
  bool keep_going = false;
  std::optional<int> seat;
};

// The flags, or the exit code `tortuga replay` ends with at once (help, or a bad flag).
std::variant<ReplayArgs, int> parse_replay_args(const Args& args) {
  ReplayArgs a;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--help" || args[i] == "-h") {
      std::cout << kReplayHelp;
      return 0;
    } else if (args[i] == "--steps") {
      a.steps = true;
    } else if (args[i] == "--keep-going") {
      a.keep_going = true;
    } else if (args[i] == "--seat" && i + 1 < args.size()) {
      try {
        a.seat = std::stoi(args[++i]);
      } catch (const std::exception&) {
        std::cerr << "tortuga replay: --seat takes a number\n";
        return 2;
      }
    } else if (a.path.empty() && args[i].rfind("--", 0) != 0) {
      a.path = args[i];
    } else {
      std::cerr << "tortuga replay: unexpected " << args[i] << "\n" << kReplayHelp;
      return 2;
    }
  }
  if (a.path.empty()) {
    std::cerr << kReplayHelp;
    return 2;
  }
  return a;
}

// The match file at `path`, or why there is none.
Expected<MatchFile> read_match_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) return Error{"", "cannot read " + path};
  Json j = Json::parse(in, nullptr, false);
  if (j.is_discarded()) return Error{"", path + " is not JSON"};
  return parse_match_file(j);
}

}  // namespace

int replay_command(const Args& args) {
  auto parsed = parse_replay_args(args);
  if (const int* code = std::get_if<int>(&parsed)) return *code;
  const auto& [path, steps, keep_going, seat] = std::get<ReplayArgs>(parsed);
  auto file = read_match_file(path);
  if (!file) {
    std::cerr << "tortuga replay: " << file.error().message << "\n";
    return 1;
  }
  const Game* game = find_game(file->game);
  auto options =
      game ? game->normalize_stored_options(file->options) : Expected<Json>(Json::object());
  if (seat && options && (*seat < 0 || *seat >= options->value("players", 0))) {
    std::cerr << "tortuga replay: no seat " << *seat << "\n";
    return 2;
  }
  auto view_of = [&](const State& s) { return seat ? s.view(*seat) : s.full_view(); };
  std::size_t refusals = 0;
  auto report = [&](std::size_t step, const AppliedAction& a, const Error& error) {
    ++refusals;
    std::cerr << Json{{"refused",
                       {{"step", step},
                        {"seat", a.seat},
                        {"action", a.action},
                        {"code", error.code},
                        {"message", error.message}}}}
                     .dump()
              << "\n";
  };
  auto on_step = [&](std::size_t step, const State& s) {
    if (!steps) return;
    const AppliedAction* a = step ? &file->actions[step - 1] : nullptr;
    std::cout << Json{{"step", step},
                      {"seat", a ? Json(a->seat) : Json(nullptr)},
                      {"action", a ? a->action : Json(nullptr)},
                      {"view", view_of(s)}}
                     .dump()
              << "\n";
  };
  auto state = keep_going ? replay(*file, on_step, report) : replay(*file, on_step);
  if (!state) {
    std::cerr << "tortuga replay: " << state.error().message << "\n";
    return 1;
  }
  if (!steps) std::cout << view_of(**state).dump(2) << "\n";
  const State& final_state = **state;
  if (!file->result.is_null() && final_state.is_over() &&
      ending(final_state.result()) != ending(file->result)) {
    std::cerr << "tortuga replay: the replayed result differs from the stored one\n";
    return 1;
  }
  if (refusals) {
    std::cerr << "tortuga replay: " << refusals << " action" << (refusals == 1 ? "" : "s")
              << " refused\n";
    return 1;
  }
  return 0;
}

}  // namespace tortuga
