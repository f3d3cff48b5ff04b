// Checks the frames the integration tests' clients recorded (TORTUGA_FRAMES_DIR, one JSONL file
// per client: a first line naming the client and its test, then {dir, raw, frame} per frame)
// against the protocol's JSON Schema. Prints each problem, naming the test, the client, the frame
// and the schema's complaint, and exits 1 if there is any.
//
//   node tests/schema/check_frames.mjs build/protocol/tortuga.schema.json FRAMES_DIR

import {readdirSync, readFileSync, existsSync} from 'node:fs';
import {join} from 'node:path';
import {FrameChecker, readSchema} from './frame_checker.mjs';

export function checkDirectory(schema, dir) {
  const checker = new FrameChecker(schema);
  const problems = [];
  let frames = 0;
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort() : [];
  for (const file of files) {
    const lines = readFileSync(join(dir, file), 'utf8').split('\n').filter(Boolean);
    if (lines.length === 0) continue;
    const head = JSON.parse(lines[0]);
    const conversation = checker.conversation(`[${head.test}] ${head.client} (${file})`);
    for (const line of lines.slice(1)) {
      const {dir: direction, raw, frame} = JSON.parse(line);
      ++frames;
      if (direction === 'sent') conversation.sent(frame, {raw});
      else conversation.received(frame);
    }
    problems.push(...conversation.finish());
  }
  return {files: files.length, frames, problems};
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [schemaPath, dir] = process.argv.slice(2);
  if (!schemaPath || !dir) {
    console.error('usage: check_frames.mjs SCHEMA.json FRAMES_DIR');
    process.exit(2);
  }
  const {files, frames, problems} = checkDirectory(readSchema(schemaPath), dir);
  for (const problem of problems) console.error(problem);
  console.log(`${frames} frames of ${files} clients checked against ${schemaPath}: ` +
              `${problems.length} do not fit`);
  if (files === 0) {
    console.error(`no frames were recorded in ${dir}`);
    process.exit(1);
  }
  process.exit(problems.length ? 1 : 0);
}
