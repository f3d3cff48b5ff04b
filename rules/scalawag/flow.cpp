// The course of a turn: the order, its claims and their challenge windows, the attacks, and the
// two compass points that end every turn. What ships lose on the way is in losses.cpp.
#include <algorithm>

#include "rules/scalawag/chance_events.hpp"
#include "rules/scalawag/scalawag_state.hpp"

namespace tortuga::scalawag {
namespace {

// How many of the last events views show.
constexpr std::size_t kLogLength = 16;

Json claim_json(const Claim& claim) {
  return {{"crew", crew_name(claim.crew)}, {"count", claim.count}};
}

}  // namespace

void ScalawagState::log(Json event, int to) {
  event["n"] = ++event_count_;
  events_.push_back({to, std::move(event)});
  if (events_.size() > kLogLength) events_.pop_front();
}

void ScalawagState::start_turn(int seat) {
  current_ = seat;
  command_ = Command{};
  claim_ = Claim{};
  waiting_.clear();
  // On Guard lasts until the captain's next turn.
  table_.ships[seat].on_guard = false;
  if (rules_.fog && seat == table_.ring[0]) roll_fog();
  phase_ = Phase::kOrder;
  log({{"event", "turn"}, {"seat", seat}, {"round", round_}});
}

void ScalawagState::roll_fog() {
  const int face = number(chance(), kFogDieEvent, 1, kDieFaces) - 1;
  const int symbol = rules_.die[face];
  const int gaps = static_cast<int>(table_.ring.size());
  if (table_.fog < 0)
    table_.fog = symbol - 1;  // to the left of the first, second or third player
  else if (symbol == 3)
    table_.fog = -1;
  else
    table_.fog = (table_.fog + symbol) % gaps;
  Json between = nullptr;
  if (table_.fog >= 0) between = {table_.ring[table_.fog], table_.ring[(table_.fog + 1) % gaps]};
  log({{"event", "fog_roll"}, {"face", face + 1}, {"symbol", symbol}, {"fog", between}});
}

void ScalawagState::declare(const Command& command) {
  command_ = command;
  log({{"event", "order"},
       {"seat", current_},
       {"order", order_name(command.order)},
       {"crew", counts_crew(command.order) ? command.crew : 0}});
  if (command.order == Order::kRecruit) return after_claims();
  if (counts_crew(command.order)) {
    if (command.crew == 0) return after_claims();
    return open_window({order_crew(command.order), command.crew});
  }
  open_window({order_crew(command.order), 1});
}

void ScalawagState::open_window(Claim claim) {
  claim_ = claim;
  waiting_.clear();
  for (int seat : table_.alive_seats())
    if (seat != current_) waiting_.push_back(seat);
  phase_ = Phase::kWindow;
  log({{"event", "claim"}, {"seat", current_}, {"claim", claim_json(claim)}});
}

void ScalawagState::close_window() {
  waiting_.clear();
  log({{"event", "claim_accepted"}, {"seat", current_}, {"claim", claim_json(claim_)}});
  after_claims();
}

void ScalawagState::challenge(int challenger) {
  waiting_.clear();
  const bool truthful = count_of(table_.ships[current_].hand, claim_.crew) >= claim_.count;
  Json event = {{"event", "scalawag"},
                {"by", challenger},
                {"seat", current_},
                {"claim", claim_json(claim_)},
                {"truthful", truthful}};
  // A true claim is proven by showing the cards to everyone; a false one shows nothing.
  if (truthful) event["shown"] = hand_json(Hand(claim_.count, claim_.crew));
  log(std::move(event));
  if (truthful) return start_penalty(challenger, current_, Then::kRedraw);
  start_penalty(current_, challenger, Then::kEndTurn);  // and the order is lost
}

void ScalawagState::after_claims() {
  Ship& captain = table_.ships[current_];
  switch (command_.order) {
    case Order::kMakeSail:
      table_.gain(current_, 1 + command_.crew);
      log({{"event", "made_sail"}, {"seat", current_}, {"compass", captain.compass}});
      return end_turn();
    case Order::kOnGuard:
      captain.on_guard = true;
      log({{"event", "on_guard"}, {"seat", current_}});
      return end_turn();
    case Order::kRecruit: {
      const int drawn = std::min<int>(kMaxCrew, static_cast<int>(table_.harbour.size()));
      Hand cards;
      for (int i = 0; i < drawn; ++i) cards.push_back(draw(current_));
      log({{"event", "recruited"}, {"seat", current_}, {"drawn", drawn}});
      if (drawn > 0) log({{"event", "you_drew"}, {"cards", hand_json(cards)}}, current_);
      if (drawn == 0) return end_turn();
      return_count_ = drawn;
      phase_ = Phase::kReturn;
      return;
    }
    default:
      return enter_targets();
  }
}

void ScalawagState::enter_targets() {
  phase_ = Phase::kTargets;
  if (!legal(current_).empty()) return;
  // Only when a challenge has sunk the one ship in reach: nothing left to attack.
  log({{"event", "order_lost"}, {"seat", current_}, {"why", "no target in reach"}});
  end_turn();
}

void ScalawagState::attack(const std::vector<int>& targets, int steal) {
  Ship& captain = table_.ships[current_];
  Json event = {{"event", "attack"},
                {"seat", current_},
                {"order", order_name(command_.order)},
                {"targets", targets}};
  then_ = Then::kEndTurn;
  switch (command_.order) {
    case Order::kFire: {
      int cost = 0;
      for (int target : targets)
        cost += table_.fire_cost(current_, target, command_.crew, command_.reach);
      captain.compass -= cost;
      event["cost"] = cost;
      log(std::move(event));
      for (int target : targets) {
        damage(target, current_);
        if (phase_ == Phase::kOver) return;
      }
      return carry_on();
    }
    case Order::kBoard: {
      const int target = targets[0];
      const int cost = table_.board_cost(current_, target, command_.crew, command_.reach);
      captain.compass -= cost;
      event["cost"] = cost;
      log(std::move(event));
      const Hand& hand = table_.ships[target].hand;
      if (kinds_in(hand).size() > 1) {
        asked_ = target;
        phase_ = Phase::kLoseCrew;
        return;
      }
      lose_crew(target, hand.front(), current_);
      return carry_on();
    }
    case Order::kWindward: {
      Ship& target = table_.ships[targets[0]];
      const int stolen = std::min(2, target.compass);
      target.compass -= stolen;
      table_.gain(current_, stolen);
      if (captain.compass > 0) --captain.compass;  // one point is discarded to the supply
      event["stolen"] = stolen;
      log(std::move(event));
      return carry_on();
    }
    case Order::kMutiny: {
      const int victim = targets[0];
      Hand& hand = table_.ships[victim].hand;
      const int count = std::min(steal, static_cast<int>(hand.size()));
      Hand stolen;
      for (int i = 0; i < count; ++i) {
        const auto pick = tortuga::pick(chance(), kMutinyStealEvent, hand, crew_name);
        stolen.push_back(hand[pick]);
        hand.erase(hand.begin() + pick);
      }
      captain.hand.insert(captain.hand.end(), stolen.begin(), stolen.end());
      Hand refill;
      for (int i = 0; i < count && !table_.harbour.empty(); ++i) refill.push_back(draw(victim));
      event["stolen"] = count;
      event["refilled"] = refill.size();
      log(std::move(event));
      log({{"event", "you_stole"}, {"from", victim}, {"cards", hand_json(stolen)}}, current_);
      log({{"event", "mutiny_on_you"},
           {"by", current_},
           {"lost", hand_json(stolen)},
           {"drew", hand_json(refill)}},
          victim);
      // Only an empty harbour can leave the victim without crew.
      if (hand.empty()) eliminate(victim, current_, false);
      if (phase_ == Phase::kOver) return;
      return_count_ = count;
      phase_ = Phase::kReturn;
      return;
    }
    default:
      return;
  }
}

void ScalawagState::carry_on() {
  if (phase_ == Phase::kOver) return;
  // A war prize may have left a captain with a fourth card: one goes to the locker first.
  for (int seat : table_.ring) {
    if (table_.ships[seat].alive && table_.ships[seat].hand.size() > kMaxCrew) {
      asked_ = seat;
      phase_ = Phase::kPrizeDiscard;
      return;
    }
  }
  const Then then = then_;
  then_ = Then::kEndTurn;
  switch (then) {
    case Then::kEndTurn:
      return end_turn();
    case Then::kRedraw:
      redraw(current_, claim_);
      return after_claims();
  }
}

void ScalawagState::end_turn() {
  if (table_.ships[current_].alive) {
    table_.gain(current_, kTurnGain);
    log({{"event", "compass"}, {"seat", current_}, {"compass", table_.ships[current_].compass}});
  }
  const int next = table_.next_alive(current_);
  if (table_.ring_index(next) <= table_.ring_index(current_)) ++round_;
  start_turn(next);
}

Crew ScalawagState::draw(int seat) {
  Hand& harbour = table_.harbour;
  const auto pick = tortuga::pick(chance(), kHarbourDrawEvent, harbour, crew_name);
  const Crew card = harbour[pick];
  harbour[pick] = harbour.back();
  harbour.pop_back();
  table_.ships[seat].hand.push_back(card);
  return card;
}

void ScalawagState::redraw(int seat, Claim shown) {
  Hand& hand = table_.ships[seat].hand;
  for (int i = 0; i < shown.count; ++i) {
    remove_one(hand, shown.crew);
    table_.harbour.push_back(shown.crew);
  }
  Hand drawn;
  for (int i = 0; i < shown.count; ++i) drawn.push_back(draw(seat));
  log({{"event", "shown_replaced"}, {"seat", seat}, {"count", shown.count}});
  log({{"event", "you_drew"}, {"cards", hand_json(drawn)}}, seat);
}

}  // namespace tortuga::scalawag
