// The boards drawn for each game, one module per game id (web/boards/<game-id>.js). A game
// without a board of its own is shown by the generic one: the view as a tree, with the legal
// actions as buttons beside it.
//
// A board module's default export is
//   {create(host) -> {update(view, context)},   draws the view in `host`;
//    label(action, view, names) -> string,      names an action for a button;
//    group(type) -> string,                     heads a group of buttons (optional);
//    describe(view, names, before, you) -> string | null,   says what the step to `view` did,
//                                               in the game's words (`before`: the view before
//                                               it; `you`: the view's seat is the reader's own);
//    onBoard(action) -> boolean}                whether a click on the board offers it (optional).
// `context` is {act(action) or null when the viewer may not act, names: seat -> name, you:
// whether the view's seat is the reader's own (false in a replay through another's eyes)}. Boards
// turn clicks into one of view.legal, unchanged, and never build actions of their own.

import generic from './generic.js';

const drawn = new Set(['raft-and-scupper', 'scalawag', 'colpaccio', 'um-rum-und-ehre',
                       'riff-raff']);

export async function loadBoard(game) {
  if (!drawn.has(game)) return generic;
  try {
    return (await import(`./${game}.js`)).default;
  } catch (error) {
    console.error(`the board of ${game} did not load`, error);
    return generic;
  }
}
