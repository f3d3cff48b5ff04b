// The engine against the reference: npm's openskill (Plackett-Luce, its defaults) and the C++
// engine (rating_cases) rate the same matches, and every mu and sigma agree to 1e-9. Two
// players, free-for-all, ties, teams of 1 to 8, players with histories, and a long series where
// each match starts from the engine's own figures of the last.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { rate } from 'openskill';

const binary = process.env.RATING_CASES;
const fresh = () => [25, 25 / 3];

function engine(cases) {
  const out = execFileSync(binary, { input: JSON.stringify(cases) });
  return JSON.parse(out.toString());
}

function reference({ teams, ranks }) {
  const rated = rate(teams.map((t) => t.map(([mu, sigma]) => ({ mu, sigma }))), { rank: ranks });
  return rated.map((t) => t.map(({ mu, sigma }) => [mu, sigma]));
}

function assertClose(got, want, what) {
  assert.equal(got.length, want.length, what);
  got.forEach((team, i) => {
    assert.equal(team.length, want[i].length, what);
    team.forEach(([mu, sigma], j) => {
      const [wmu, wsigma] = want[i][j];
      assert.ok(Math.abs(mu - wmu) <= 1e-9, `${what}: team ${i} player ${j} mu ${mu} vs ${wmu}`);
      assert.ok(Math.abs(sigma - wsigma) <= 1e-9,
                `${what}: team ${i} player ${j} sigma ${sigma} vs ${wsigma}`);
    });
  });
}

// A seeded generator, so that a failure names a case that comes back.
function generator(seed) {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const cases = {
  'two players': [{ teams: [[fresh()], [fresh()]], ranks: [1, 2] },
                  { teams: [[[30, 4]], [[22, 7]]], ranks: [2, 1] }],
  'free-for-all': [{ teams: [[fresh()], [fresh()], [fresh()], [fresh()]], ranks: [1, 2, 3, 4] },
                   { teams: [[[28, 3]], [[25, 8]], [[20, 5]], [[31, 2]], [[18, 6]]],
                     ranks: [3, 1, 5, 2, 4] }],
  'ties': [{ teams: [[fresh()], [fresh()]], ranks: [1, 1] },
           { teams: [[[26, 5]], [[24, 6]], [[25, 7]], [[29, 3]]], ranks: [1, 2, 2, 4] },
           { teams: [[fresh()], [fresh()], [fresh()]], ranks: [0, 0, 0] }],
  'teams': [{ teams: [[fresh(), fresh()], [fresh(), fresh()]], ranks: [1, 2] },
            { teams: [[[27, 4], [22, 6]], [[25, 3], [23, 8]], [[30, 5], [19, 7]]],
              ranks: [2, 1, 2] },
            { teams: [Array.from({ length: 8 }, fresh), [[35, 2]]], ranks: [2, 1] },
            { teams: [[[26, 5], [24, 4], [21, 6]], [[23, 7]], [[28, 3], [25, 5]]],
              ranks: [1, 3, 2] }],
};

for (const [name, matches] of Object.entries(cases)) {
  test(`${name}: the engine agrees with openskill to 1e-9`, () => {
    const got = engine(matches);
    matches.forEach((m, i) => assertClose(got[i], reference(m), `${name} #${i}`));
  });
}

test('random matches of 2 to 8 teams of 1 to 8 players agree with openskill', () => {
  const random = generator(32);
  const matches = Array.from({ length: 200 }, () => {
    const count = 2 + Math.floor(random() * 7);
    const teams = Array.from({ length: count }, () =>
      Array.from({ length: 1 + Math.floor(random() * 8) },
                 () => [10 + random() * 30, 0.5 + random() * 8]));
    const ranks = teams.map(() => Math.floor(random() * count));
    return { teams, ranks };
  });
  const got = engine(matches);
  matches.forEach((m, i) => assertClose(got[i], reference(m), `random #${i}`));
});

test('a long series, each match from the engine\'s last figures, stays with openskill', () => {
  const random = generator(7);
  let ours = [fresh(), fresh(), fresh(), fresh()];
  let theirs = ours.map((s) => [...s]);
  for (let round = 0; round < 100; ++round) {
    const ranks = ours.map(() => Math.floor(random() * 3));
    const got = engine([{ teams: ours.map((s) => [s]), ranks }])[0];
    const want = reference({ teams: theirs.map((s) => [s]), ranks });
    assertClose(got, want, `round ${round}`);
    ours = got.map((t) => t[0]);
    theirs = want.map((t) => t[0]);
  }
});
