// A match from version to version (server/room/match_pipeline.hpp), apart from any strand, store
// or socket: what the rules refuse changes nothing, a version is pending until the store commits
// it, commits come in order, and a drop goes back to the committed version.
#include <doctest/doctest.h>

#include "protocol/codes.hpp"
#include "server/room/match_pipeline.hpp"
#include "tests/server/fake_client.hpp"
#include "tests/server/tally_game.hpp"

namespace tortuga::testing {
namespace {

Json add(int n) {
  return {{"type", "add"}, {"n", n}};
}

struct Match {
  TallyGame game;
  MatchPipeline pipeline{2, game.make_observer()};
  Match() {
    pipeline.reset(game.new_state(Json::object(), Chance(7)));
    // Each audience is sent its whole view at the start, the base of its patches.
    for (int audience = 0; audience <= pipeline.spectators(); ++audience)
      pipeline.view_text(audience);
  }
  const MatchPipeline::Pending& play(int seat, int n, std::shared_ptr<Client> by = nullptr) {
    REQUIRE_FALSE(pipeline.play(seat, add(n)));
    return pipeline.pend(41, std::move(by), 5, {}, [](int) { return true; });
  }
};

TEST_CASE("an action the rules refuse changes no version and leaves nothing pending") {
  Match m;
  auto refused = m.pipeline.play(1, add(1));  // seat 0 is to play
  REQUIRE(refused);
  CHECK(m.pipeline.applied() == 0);
  CHECK(m.pipeline.settled());
  CHECK(m.pipeline.play(0, add(3))->code == code::kIllegalAction);
}

TEST_CASE("a version waits, with every audience's message, until the store commits it") {
  Match m;
  auto anne = std::make_shared<FakeClient>();
  const auto& pending = m.play(0, 2, anne);
  CHECK(pending.version == 1);
  CHECK(pending.by == anne);
  CHECK(pending.re == 5);
  CHECK(pending.patches.size() == 3);  // two seats and the spectators
  CHECK_FALSE(pending.over);
  CHECK(m.pipeline.applied() == 1);
  CHECK(m.pipeline.committed() == 0);
  CHECK_FALSE(m.pipeline.settled());

  m.play(1, 1);
  CHECK_FALSE(m.pipeline.next_to_commit(2));  // the store answers in order
  CHECK_FALSE(m.pipeline.commit(2));
  REQUIRE(m.pipeline.next_to_commit(1));
  const auto first = m.pipeline.commit(1);
  REQUIRE(first);
  CHECK(first->version == 1);
  CHECK(m.pipeline.committed() == 1);
  CHECK(m.pipeline.commit(2)->version == 2);
  CHECK(m.pipeline.settled());
  CHECK(m.pipeline.committed() == 2);
}

TEST_CASE("a drop sends nothing of what was pending and goes back to the committed version") {
  Match m;
  m.play(0, 1);
  m.pipeline.commit(1);
  m.play(1, 2);
  m.play(0, 2);
  const auto dropped = m.pipeline.drop();
  REQUIRE(dropped.size() == 2);
  CHECK(dropped[0].version == 2);
  CHECK(m.pipeline.applied() == 1);
  CHECK(m.pipeline.settled());
  // The store's late answer for a dropped version finds nothing to send.
  CHECK_FALSE(m.pipeline.commit(2));
}

TEST_CASE("a match reset from its history is at that version, every view whole again") {
  Match m;
  m.play(0, 2);
  m.play(1, 2);
  auto state = m.game.new_state(Json::object(), Chance(7));
  REQUIRE_FALSE(state->apply(0, add(2)));
  m.pipeline.reset(std::move(state));
  CHECK(m.pipeline.applied() == 1);
  CHECK(m.pipeline.committed() == 1);
  CHECK(m.pipeline.settled());
  CHECK(Json::parse(m.pipeline.view_text(0)).at("tally") == 2);
  // The version that ends the match says so.
  m.play(1, 2);
  CHECK(m.play(0, 2).over);
  CHECK(m.pipeline.over());
}

}  // namespace
}  // namespace tortuga::testing
