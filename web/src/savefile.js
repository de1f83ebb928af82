// The cartridge's battery save, version 2, in JavaScript (docs/save_format.md), PGN out
// (ICCS moves, Chinese notation as comments) and PGN / FEN in (ICCS, WXF, Chinese).
// Written from the same contract as pyharness/gameio/savefile.py and pgn.py;
// tests/test_gameio_js.py runs it under node and compares its bytes and its PGN with
// Python's. The rules are xqrules.js (loaded before this file in the page).
//
// The offsets, ranges, level names, result codes and puzzle FENs are not typed here:
// makeCodec(contract) takes them from the object Python writes (save_contract.js in
// the page, `savefile.contract()`).
(function (root, factory) {
  if (typeof module === "object" && module.exports) module.exports = factory(require("./xqrules.js"));
  else root.XQSave = factory(root.XQRules);
})(typeof self !== "undefined" ? self : this, function (R) {
  "use strict";
  const { RED, BLACK, KING, ADVISOR, BISHOP, KNIGHT, PAWN, IN_BOARD, PALACE, HALF, PIECE_TYPES,
          SIDE_NAMES, TYPE_NAMES, WXF_LETTERS, Position, XQError, fail, parseIccs, parts,
          wxf, chinese, replay, sqName, sqFile, sqRank, moveName } = R;

  // ---------------------------------------------------------------- the codec
  function makeCodec(C) {
    const F = {};
    C.fields.forEach((f) => { F[f.name] = f; });
    const resultCode = {};
    Object.entries(C.results).forEach(([code, name]) => { resultCode[name] = +code; });
    const KIND_NAMES = ["standard", "handicap", "puzzle", "setup"];

    function checksum(bytes) {
      let s1 = 0, s2 = 0;
      for (const b of bytes) { s1 = (s1 + b + 1) & 0xff; s2 = (s2 + s1) & 0xff; }
      return [s1, s2];
    }
    const get = (blk, f) => { let v = 0; for (let i = f.size - 1; i >= 0; i--) v = v * 256 + blk[f.offset + i]; return v; };
    const put = (blk, f, v) => { for (let i = 0; i < f.size; i++) { blk[f.offset + i] = v & 0xff; v = Math.floor(v / 256); } };

    function placementProblem(pos) {
      for (let p = 0; p < 32; p++) {
        const sq = pos.pieceSq[p];
        if (!sq) { if (p % 16 === 0) return `the ${SIDE_NAMES[p >> 4]} king is missing`; continue; }
        const side = p >> 4, ptype = PIECE_TYPES[p & 15];
        const name = `${SIDE_NAMES[side]} ${TYPE_NAMES[ptype]} on ${sqName(sq)}`;
        const f = sqFile(sq), r = sqRank(sq), rr = side === RED ? r : 9 - r;
        if (ptype === KING && !PALACE[side][sq]) return `the ${name} is outside its palace`;
        if (ptype === ADVISOR && !(PALACE[side][sq] && (f + rr) % 2 === 1)) return `the ${name} is not on an advisor's point`;
        if (ptype === BISHOP && !(HALF[side][sq] && f % 2 === 0 && rr % 2 === 0 && ((f >> 1) + (rr >> 1)) % 2 === 1)) return `the ${name} is not on an elephant's point`;
        if (ptype === PAWN && (rr < 3 || (rr < 5 && f % 2 === 1))) return `the ${name} cannot stand there (behind or beside its start point)`;
      }
      if (pos.inCheck(pos.side ^ 1)) return `${SIDE_NAMES[pos.side ^ 1]}, not to move, is in check`;
      return null;
    }

    function indexLimit(kind) {
      if (kind === 1) return C.handicapCount;
      if (kind === 2) return C.puzzles.length;
      return 1;
    }

    function readPuzzleSolved(data) {
      const b = data.subarray(C.puzzleOffset, C.puzzleOffset + C.puzzleSize);
      const magic = String.fromCharCode.apply(null, b.subarray(0, 4));
      const [s1, s2] = checksum(b.subarray(0, 14));
      if (magic !== C.puzzleMagic || b[12] || b[13] || s1 !== b[14] || s2 !== b[15]) return null;
      return b.slice(4, 12);
    }

    function readSave(data) {
      if (data.length < C.sramSize) fail("SaveSizeError", `the file is ${data.length.toLocaleString("en")} bytes: a battery file is ${C.sramSize.toLocaleString("en")} (truncated?)`);
      if (data.length > C.sramSize) fail("SaveSizeError", `the file is ${data.length.toLocaleString("en")} bytes: a battery file is ${C.sramSize.toLocaleString("en")} (not an xq65 PRG-RAM image)`);
      const blk = data.subarray(C.gameOffset, C.gameOffset + C.gameSize);
      const magicAt = (d, o) => String.fromCharCode.apply(null, d.subarray(o, o + 4));
      if (magicAt(blk, 0) !== C.magic || blk[4] !== C.version) {
        if (magicAt(data, C.v1MagicOffset) === C.magic) fail("SaveOldVersionError", "a save of an older version (version 1, before start positions): this cartridge cannot read it");
        if (magicAt(blk, 0) === C.magic) fail("SaveDamagedError", `a save of version ${blk[4]}: this reader knows version ${C.version}`);
        fail("SaveEmptyError", "no xq65 game in this battery file (another cartridge's, or an empty one)");
      }
      const [s1, s2] = checksum(blk.subarray(0, C.checksumAt));
      if (s1 !== blk[C.checksumAt] || s2 !== blk[C.checksumAt + 1]) fail("SaveDamagedError", "the save is damaged: checksum wrong");
      for (const f of C.fields) {
        if (f.name.startsWith("reserved")) {
          for (let i = 0; i < f.size; i++) if (blk[f.offset + i]) fail("SaveDamagedError", `the save is damaged: reserved bytes at block offset 0x${f.offset.toString(16)} are not 0`);
        } else if (f.hi) {
          const v = get(blk, f);
          if (v < f.lo || v > f.hi) fail("SaveDamagedError", `the save is damaged: ${f.name} = ${v}, want ${f.lo}..${f.hi}`);
        }
      }
      const v = {};
      ["mode", "level", "flip", "start_kind", "start_index", "side", "halfmove", "fullmove", "nply", "result"].forEach((n) => { v[n] = get(blk, F[n]); });
      const limit = indexLimit(v.start_kind);
      if (v.start_index >= limit) fail("SaveDamagedError", `the save is damaged: start index ${v.start_index} for a ${KIND_NAMES[v.start_kind]} start, want 0..${limit - 1}`);
      const start = new Position();
      const pieces = blk.subarray(F.pieces.offset, F.pieces.offset + 32);
      for (let p = 0; p < 32; p++) {
        const sq = pieces[p];
        if (!sq) continue;
        if (!IN_BOARD[sq]) fail("SaveIllegalStartError", `piece slot ${p} stands on 0x${sq.toString(16)}, off the board`);
        if (start.board[sq]) fail("SaveIllegalStartError", `piece slots ${start.board[sq] - 16} and ${p} share the square ${sqName(sq)}`);
        start.board[sq] = 0x10 + p;
        start.pieceSq[p] = sq;
      }
      start.side = v.side; start.halfmove = v.halfmove; start.fullmove = v.fullmove;
      const problem = placementProblem(start);
      if (problem) fail("SaveIllegalStartError", "the start position is not legal: " + problem);
      const pos = start.copy(), moves = [];
      for (let i = 0; i < v.nply; i++) {
        const m = [blk[C.movesAt + 2 * i], blk[C.movesAt + 2 * i + 1]];
        if (!IN_BOARD[m[0]] || !IN_BOARD[m[1]]) fail("SaveIllegalMoveError", `move ${i + 1} leaves the board`);
        try { pos.checkMove(m); } catch (e) { fail("SaveIllegalMoveError", `move ${i + 1} is not legal: ${e.message}`); }
        pos.push(m);
        moves.push(moveName(m));
      }
      return { fen: start.fen(), kind: v.start_kind, index: v.start_index, mode: v.mode,
               level: v.level, flip: v.flip, moves, result: v.result };
    }

    function encodeBlock(game) {
      let pos;
      try { pos = Position.fromFen(game.fen); } catch (e) { fail("SaveIllegalStartError", "the start position is not legal: " + e.message); }
      const problem = placementProblem(pos);
      if (problem) fail("SaveIllegalStartError", "the start position is not legal: " + problem);
      if (game.moves.length > C.maxPlies) fail("SaveTooLongError", `${game.moves.length} plies: the save holds ${C.maxPlies}`);
      const values = { version: C.version, mode: game.mode, level: game.level, flip: game.flip,
                       start_kind: game.kind, start_index: game.index, side: pos.side,
                       halfmove: pos.halfmove, fullmove: pos.fullmove, nply: game.moves.length,
                       result: game.result };
      for (const [n, val] of Object.entries(values)) {
        const f = F[n];
        if (!(val >= f.lo && val <= f.hi)) fail("SaveDamagedError", `${n} = ${val} cannot be saved: want ${f.lo}..${f.hi}`);
      }
      const limit = indexLimit(game.kind);
      if (game.index >= limit) fail("SaveDamagedError", `start index ${game.index} for a ${KIND_NAMES[game.kind]} start: want 0..${limit - 1}`);
      const blk = new Uint8Array(C.gameSize);
      for (let i = 0; i < 4; i++) blk[i] = C.magic.charCodeAt(i);
      for (const [n, val] of Object.entries(values)) put(blk, F[n], val);
      blk.set(pos.pieceSq, F.pieces.offset);
      game.moves.forEach((text, i) => {
        let m;
        try { m = parseIccs(text); pos.checkMove(m); } catch (e) { fail("SaveIllegalMoveError", `move ${i + 1} (${text}) is not legal: ${e.message}`); }
        pos.push(m);
        blk[C.movesAt + 2 * i] = m[0];
        blk[C.movesAt + 2 * i + 1] = m[1];
      });
      blk.set(checksum(blk.subarray(0, C.checksumAt)), C.checksumAt);
      return blk;
    }

    function puzzleBlock(solved) {
      const b = new Uint8Array(C.puzzleSize);
      for (let i = 0; i < 4; i++) b[i] = C.puzzleMagic.charCodeAt(i);
      if (solved) b.set(solved, 4);
      b.set(checksum(b.subarray(0, 14)), 14);
      return b;
    }

    // The 8,192-byte battery file of `game`; `keep` (an image) lends its solved puzzles.
    function writeSave(game, keep) {
      const out = new Uint8Array(C.sramSize);
      out.set(encodeBlock(game), C.gameOffset);
      const solved = keep && keep.length === C.sramSize ? readPuzzleSolved(keep) : null;
      out.set(puzzleBlock(solved), C.puzzleOffset);
      return out;
    }

    function classifyStart(pos) {
      const key = pos.boardFen() + " " + pos.side;
      const same = (fen) => { try { const p = Position.fromFen(fen); return p.boardFen() + " " + p.side === key; } catch (e) { return false; } };
      if (same(C.startFen)) return [0, 0];
      const h = (C.handicaps || []).findIndex(same);
      if (h >= 0) return [1, h];
      const z = C.puzzles.findIndex((p) => same(p.fen));
      if (z >= 0) return [2, z];
      return [3, 0];
    }

    // ------------------------------------------------------------ PGN out (pgn.py)
    function cpuName(level) {
      const lv = C.levels[level - 1];
      return `xq65 level ${level} (${lv.zh} ${lv.en})`;
    }

    function resultText(game) {
      const name = C.results[game.result] || "NONE";
      if (!game.result || name === "NONE") return ["*", ""];
      const r = replay(game.fen, game.moves), loser = r.pos.side;
      if (name === "MATE" || name === "STALEMATE" || name === "RESIGN") {
        return [loser === RED ? "0-1" : "1-0", { MATE: "checkmate", STALEMATE: "stalemate", RESIGN: "resignation" }[name]];
      }
      if (name === "PERPETUAL") {
        if (r.result && r.result[0] !== null) return [r.result[0] === RED ? "1-0" : "0-1", "perpetual check"];
        return ["*", "perpetual check"];
      }
      const why = { REPEAT: "repetition", NOCAPTURE: "100 plies without capture", MATERIAL: "no attacking pieces", TOOLONG: "the record is full" };
      return ["1/2-1/2", why[name] || name.toLowerCase()];
    }

    function writePgn(game, date) {
      const cpu = cpuName(game.level), P = "Player";
      const [red, black] = [[P, cpu], [cpu, P], [P, P], [cpu, cpu]][game.mode];
      const [result, why] = resultText(game);
      let event = "xq65 game";
      if (game.kind === 1) event += `, handicap ${game.index + 1}`;
      else if (game.kind === 2) event += `, puzzle ${game.index + 1}`;
      else if (game.kind === 3) event += ", set-up position";
      const tags = [["Game", "Chinese Chess"], ["Event", event], ["Site", "xq65 (NES cartridge)"],
                    ["Date", date || "????.??.??"], ["Round", "-"], ["Red", red], ["Black", black],
                    ["Result", result], ["Format", "ICCS"]];
      const pos = Position.fromFen(game.fen), start = Position.fromFen(C.startFen);
      if (pos.boardFen() !== start.boardFen() || pos.side !== start.side || pos.halfmove !== 0 || pos.fullmove !== 1) tags.push(["FEN", pos.fen()]);
      const lines = tags.map(([k, v]) => `[${k} "${v}"]`);
      lines.push("");
      const words = [];
      game.moves.forEach((text, i) => {
        const m = parseIccs(text);
        pos.checkMove(m);
        if (pos.side === RED) words.push(`${pos.fullmove}.`);
        else if (i === 0) words.push(`${pos.fullmove}...`);
        const up = text.toUpperCase();
        words.push(`${up.slice(0, 2)}-${up.slice(2)} {${chinese(pos, m)}}`);
        pos.push(m);
      });
      if (why) words.push(`{${why}}`);
      words.push(result);
      let line = "";
      for (const w of words) {
        if (line && line.length + 1 + w.length > 79) { lines.push(line); line = w; }
        else line = line ? line + " " + w : w;
      }
      if (line) lines.push(line);
      return lines.join("\n") + "\n";
    }

    // ------------------------------------------------------------ PGN / FEN in
    const CN_MAP = {};
    [["帅帥将將", "K"], ["仕士", "A"], ["相象", "B"], ["马馬傌", "N"], ["车車俥", "R"], ["炮砲包", "C"],
     ["兵卒", "P"], ["进進", "+"], ["退", "-"], ["平", "."], ["前", "f"], ["中", "m"], ["后後", "r"]]
      .forEach(([cs, to]) => { for (const c of cs) CN_MAP[c] = to; });
    [..."一二三四五六七八九"].forEach((c, i) => { CN_MAP[c] = String(i + 1); });
    [..."１２３４５６７８９"].forEach((c, i) => { CN_MAP[c] = String(i + 1); });
    const normCn = (t) => [...t].map((c) => CN_MAP[c] || c).join("");
    const normWxf = (t) => t.toUpperCase().replace(/=/g, ".").replace(/N/g, "H").replace(/B/g, "E");

    function parseMoveText(pos, text) {
      const ic = /^([a-iA-I])([0-9])-?([a-iA-I])([0-9])$/.exec(text);
      if (ic) { const m = parseIccs(ic[1] + ic[2] + ic[3] + ic[4]); pos.checkMove(m); return m; }
      const legal = pos.legalMoves();
      let found, kind;
      if ([...text].some((c) => c.charCodeAt(0) > 0x2000)) {
        const want = normCn(text);
        found = legal.filter((m) => normCn(chinese(pos, m)) === want);
        kind = "Chinese";
      } else {
        const want = normWxf(text);
        found = legal.filter((m) => normWxf(wxf(pos, m)) === want);
        if (!found.length && /^[A-Z][1-9][+.-][1-9]$/.test(want)) {
          found = legal.filter((m) => { const [, t, f, d, n] = parts(pos, m); return WXF_LETTERS[t] + f + d + n === want; });
        }
        kind = "WXF";
      }
      if (found.length === 1) return found[0];
      if (!found.length) fail("PgnError", `'${text}' is no legal move here (${kind} read)`);
      fail("PgnError", `'${text}' could be ${found.map(moveName).join(" or ")}`);
    }

    const TOKEN = /\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]|\{[^}]*\}?|;[^\n]*|(\()|(\))|\$\d+|([^\s{}()[\];]+)|([[\]])/g;
    const RESULTS = ["1-0", "0-1", "1/2-1/2", "*"];

    function readPgn(text, maxPlies) {
      maxPlies = maxPlies || C.maxPlies;
      text = text.replace(/^\ufeff/, "");   // a byte-order mark some editors write
      const game = { tags: {}, fen: C.startFen, moves: [], result: "*" };
      let pos = null, depth = 0, seenMoves = false, ended = false, m;
      const startPos = () => {
        game.fen = (game.tags.FEN || "").trim() || C.startFen;
        try { return Position.fromFen(game.fen); } catch (e) { fail("PgnError", "the [FEN] tag is not a legal position: " + e.message); }
      };
      TOKEN.lastIndex = 0;
      while ((m = TOKEN.exec(text)) !== null) {
        if (m[3]) { if (++depth > 32) fail("PgnError", "variations nested deeper than 32"); continue; }
        if (m[4]) { if (!depth) fail("PgnError", "a ')' closes no variation"); depth--; continue; }
        if (depth) continue;
        if (m[6]) fail("PgnError", "a malformed tag near " + JSON.stringify(text.substr(m.index, 30)));
        if (ended && (m[1] || m[5])) fail("PgnError", "text after the result: the file holds more than one game (save one game at a time)");
        if (m[1]) {
          if (seenMoves) fail("PgnError", "a tag after the moves: the file holds more than one game (save one game at a time)");
          game.tags[m[1]] = m[2].replace(/\\"/g, '"');
          continue;
        }
        let word = m[5];
        if (!word) continue;
        if (!pos) pos = startPos();
        if (RESULTS.includes(word)) { game.result = word; ended = true; continue; }
        const num = /^\d+\.+(.*)$/.exec(word);
        if (num) { word = num[1]; if (!word) continue; }
        if (/^\d+$/.test(word)) continue;
        word = word.replace(/[!?#]+$/, "");
        if (word.length >= 5 && word.endsWith("+") && /\d/.test(word[word.length - 2])) word = word.slice(0, -1);
        if (game.moves.length >= maxPlies) fail("PgnError", `more than ${maxPlies} plies: the save holds ${maxPlies}`);
        seenMoves = true;
        let mv;
        try { mv = parseMoveText(pos, word); } catch (e) {
          fail("PgnError", `move ${game.moves.length + 1} (${pos.side === RED ? "Red" : "Black"}), '${word}': ${e.message}`);
        }
        pos.push(mv);
        game.moves.push(moveName(mv));
      }
      if (depth) fail("PgnError", "a variation '(' is never closed");
      if (!pos) {
        if (!Object.keys(game.tags).length) fail("PgnError", "no PGN game in the text (no tags, no moves)");
        startPos();
      }
      return game;
    }

    function resultCodeFor(fen, moves, pgnResult) {
      const r = replay(fen, moves);
      if (r.result) {
        const name = { checkmate: "MATE", stalemate: "STALEMATE", "perpetual check": "PERPETUAL", repetition: "REPEAT", "100 plies without capture": "NOCAPTURE", "no attacking pieces": "MATERIAL" }[r.result[1]];
        return resultCode[name];
      }
      const side = r.pos.side;
      if ((pgnResult === "1-0" && side === BLACK) || (pgnResult === "0-1" && side === RED)) return resultCode.RESIGN;
      return 0;
    }

    const looksLikeFen = (t) => { const w = t.trim().split(/\s+/); return w.length > 0 && (w[0].match(/\//g) || []).length === 9 && !t.includes("[") && t.trim().split("\n").length === 1; };

    // PGN or FEN text -> the game to save, as `xq65 save` builds it (mode, level given).
    function gameFromText(text, mode, level) {
      let fen, moves, pgnResult = "*";
      if (looksLikeFen(text)) {
        try { Position.fromFen(text.trim()); } catch (e) { fail("InvalidFenError", "bad FEN: " + e.message); }
        fen = text.trim(); moves = [];
      } else {
        const g = readPgn(text);
        fen = g.fen; moves = g.moves; pgnResult = g.result;
      }
      const r = replay(fen, moves);
      if (r.early) fail("SaveError", `the game ended by the rules after ply ${r.early[0]} (${r.early[1]}); the ${moves.length - r.early[0]} moves after it cannot be saved`);
      const pos = Position.fromFen(fen);
      const [kind, index] = classifyStart(pos);
      return { fen: pos.fen(), kind, index, mode, level, flip: mode === 1 ? 1 : 0, moves,
               result: resultCodeFor(fen, moves, pgnResult) };
    }

    return { readSave, writeSave, encodeBlock, writePgn, readPgn, gameFromText, checksum,
             classifyStart, resultCodeFor, contract: C };
  }

  return { makeCodec, Position, XQError, wxf, chinese, parseIccs };
});
