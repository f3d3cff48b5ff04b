#include "rules/core/registry.hpp"

#include "rules/colpaccio/colpaccio_game.hpp"
#include "rules/raft_and_scupper/raft_and_scupper_game.hpp"
#include "rules/riff_raff/riff_raff_game.hpp"
#include "rules/scalawag/scalawag_game.hpp"
#include "rules/um_rum_und_ehre/um_rum_und_ehre_game.hpp"

namespace tortuga {

const std::vector<const Game*>& all_games() {
  static const std::vector<const Game*> games = {
      &raft_and_scupper::raft_and_scupper(),
      &scalawag::scalawag(),
      &um_rum_und_ehre::um_rum_und_ehre(),
      &colpaccio::colpaccio(),
      &riff_raff::riff_raff(),
  };
  return games;
}

const Game* find_game(std::string_view id) {
  for (const Game* game : all_games())
    if (game->info().id == id) return game;
  return nullptr;
}

}  // namespace tortuga
