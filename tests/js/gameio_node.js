// Runs web/src/savefile.js under node for tests/test_gameio_js.py. Reads one JSON job
// from stdin: {contract, writes: [game...], reads: [hex...], pgns: [text...],
// texts: [{text, mode, level}...]}; prints one JSON answer: hex images, read games or
// errors {kind, message}, PGN texts, games built from texts.
"use strict";
const path = require("path");
const XQSave = require(path.join(__dirname, "..", "..", "web", "src", "savefile.js"));

const hex = (b) => Buffer.from(b).toString("hex");
const guard = (f) => { try { return { ok: f() }; } catch (e) { return { kind: e.kind || e.name, message: e.message }; } };

let input = "";
process.stdin.on("data", (d) => { input += d; });
process.stdin.on("end", () => {
  const job = JSON.parse(input);
  const codec = XQSave.makeCodec(job.contract);
  const out = {
    writes: (job.writes || []).map((g) => guard(() => hex(codec.writeSave(g, g.keep ? new Uint8Array(Buffer.from(g.keep, "hex")) : undefined)))),
    reads: (job.reads || []).map((h) => guard(() => codec.readSave(new Uint8Array(Buffer.from(h, "hex"))))),
    pgns: (job.writes || []).map((g) => guard(() => codec.writePgn(g))),
    parsed: (job.pgns || []).map((t) => guard(() => codec.readPgn(t))),
    texts: (job.texts || []).map((t) => guard(() => hex(codec.writeSave(codec.gameFromText(t.text, t.mode, t.level))))),
  };
  process.stdout.write(JSON.stringify(out));
});
