// The cartridge's battery save, version 2, in JavaScript (docs/save_format.md), with the
// xiangqi rules it needs, PGN out (ICCS moves, Chinese notation as comments) and PGN /
// FEN in (ICCS, WXF, Chinese). Written from the same contract as
// pyharness/gameio/savefile.py and pgn.py; tests/test_gameio_js.py runs it under node
// and compares its bytes and its PGN with Python's.
//
// The offsets, ranges, level names, result codes and puzzle FENs are not typed here:
// makeCodec(contract) takes them from the object Python writes (save_contract.js in
// the page, `savefile.contract()`).
(function (root, factory) {
  if (typeof module === "object" && module.exports) module.exports = factory();
  else root.XQSave = factory();
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  // ---------------------------------------------------------------- board (encoding.md)
  const RED = 0, BLACK = 1;
  const KING = 0, ADVISOR = 1, BISHOP = 2, KNIGHT = 3, ROOK = 4, CANNON = 5, PAWN = 6;
  const PIECE_TYPES = [0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 6, 6, 6];
  const TYPE_SLOTS = [[0, 1], [1, 2], [3, 2], [5, 2], [7, 2], [9, 2], [11, 5]];
  const TYPE_LETTERS = "KABNRCP";
  const SIDE_NAMES = ["red", "black"];
  const TYPE_NAMES = ["king", "advisor", "bishop", "knight", "rook", "cannon", "pawn"];
  const LETTER_TYPES = { k: 0, a: 1, b: 2, e: 2, n: 3, h: 3, r: 4, c: 5, p: 6 };
  const OFF = 0xff;
  const IN_BOARD = new Uint8Array(256), PALACE = [new Uint8Array(256), new Uint8Array(256)];
  const HALF = [new Uint8Array(256), new Uint8Array(256)];
  for (let sq = 0; sq < 256; sq++) {
    const r = sq >> 4, f = sq & 15;
    IN_BOARD[sq] = r >= 3 && r <= 12 && f >= 3 && f <= 11 ? 1 : 0;
    PALACE[RED][sq] = r >= 10 && r <= 12 && f >= 6 && f <= 8 ? 1 : 0;
    PALACE[BLACK][sq] = r >= 3 && r <= 5 && f >= 6 && f <= 8 ? 1 : 0;
    HALF[RED][sq] = IN_BOARD[sq] && (sq & 0x80) ? 1 : 0;
    HALF[BLACK][sq] = IN_BOARD[sq] && !(sq & 0x80) ? 1 : 0;
  }
  const KING_STEPS = [-16, -1, 1, 16], ADVISOR_STEPS = [-17, -15, 15, 17];
  const BISHOP_STEPS = [[-34, -17], [-30, -15], [30, 15], [34, 17]];
  const KNIGHT_STEPS = [[-33, -16], [-31, -16], [-18, -1], [-14, 1], [14, -1], [18, 1], [31, 16], [33, 16]];
  const KNIGHT_ATTACKS = KNIGHT_STEPS.map(([m, leg]) => [-m, -m + leg]);

  const makeSquare = (file, rank) => (12 - rank) * 16 + 3 + file;
  const sqFile = (sq) => (sq & 15) - 3;
  const sqRank = (sq) => 12 - (sq >> 4);
  const sqName = (sq) => "abcdefghi"[sqFile(sq)] + sqRank(sq);
  const moveName = (m) => sqName(m[0]) + sqName(m[1]);

  class XQError extends Error {
    constructor(kind, message) { super(message); this.kind = kind; }
  }
  const fail = (kind, msg) => { throw new XQError(kind, msg); };

  class Position {
    constructor() {
      this.board = new Uint8Array(256);
      for (let sq = 0; sq < 256; sq++) this.board[sq] = IN_BOARD[sq] ? 0 : OFF;
      this.pieceSq = new Uint8Array(32);
      this.side = RED; this.halfmove = 0; this.fullmove = 1;
      this.stack = [];
    }

    static fromFen(fen) {
      if (typeof fen !== "string" || !fen.trim()) fail("InvalidFenError", "empty FEN");
      const fields = fen.trim().split(/\s+/);
      if (fields.length < 2) fail("InvalidFenError", "FEN needs at least a board and a side field: " + JSON.stringify(fen));
      const pos = new Position();
      const rows = fields[0].split("/");
      if (rows.length !== 10) fail("InvalidFenError", `FEN board has ${rows.length} ranks, want 10`);
      const counts = {};
      rows.forEach((row, rowNo) => {
        const rank = 9 - rowNo;
        let file = 0;
        for (const ch of row) {
          if (ch >= "0" && ch <= "9") { file += +ch; continue; }
          const ptype = LETTER_TYPES[ch.toLowerCase()];
          if (ptype === undefined) fail("InvalidFenError", `unknown piece letter '${ch}' in rank ${rank}`);
          if (file > 8) fail("InvalidFenError", `rank ${rank} has more than 9 files: '${row}'`);
          const side = ch === ch.toUpperCase() ? RED : BLACK;
          const [first, slots] = TYPE_SLOTS[ptype];
          const key = side * 8 + ptype, used = counts[key] || 0;
          if (used >= slots) fail("InvalidFenError", `too many ${SIDE_NAMES[side]} ${TYPE_NAMES[ptype]}s (at most ${slots})`);
          counts[key] = used + 1;
          const sq = makeSquare(file, rank), index = first + used + 16 * side;
          pos.board[sq] = 0x10 + index;
          pos.pieceSq[index] = sq;
          file++;
        }
        if (file !== 9) fail("InvalidFenError", `rank ${rank} has ${file} files, want 9: '${row}'`);
      });
      const s = fields[1].toLowerCase();
      if (s === "w" || s === "r") pos.side = RED;
      else if (s === "b") pos.side = BLACK;
      else fail("InvalidFenError", `bad side to move '${fields[1]}' (want w, r or b)`);
      for (const side of [RED, BLACK]) {
        const ks = pos.pieceSq[16 * side];
        if (!ks) fail("InvalidFenError", `${SIDE_NAMES[side]} king is missing`);
        if (!PALACE[side][ks]) fail("InvalidFenError", `${SIDE_NAMES[side]} king on ${sqName(ks)} is outside its palace`);
      }
      [[4, "halfmove", 0], [5, "fullmove", 1]].forEach(([idx, name, dflt]) => {
        let v = dflt;
        if (fields.length > idx) {
          if (!/^-?\d+$/.test(fields[idx])) fail("InvalidFenError", `bad ${name} counter '${fields[idx]}'`);
          v = parseInt(fields[idx], 10);
          if (v < 0) fail("InvalidFenError", `negative ${name} counter ${v}`);
        }
        pos[name] = v;
      });
      if (fields.length > 6) fail("InvalidFenError", `FEN has ${fields.length} fields, want at most 6`);
      if (pos.kingAttacked(pos.side ^ 1)) fail("InvalidFenError", `${SIDE_NAMES[pos.side ^ 1]} (not to move) is in check`);
      return pos;
    }

    boardFen() {
      const rows = [];
      for (let rank = 9; rank >= 0; rank--) {
        let row = "", empty = 0;
        for (let file = 0; file < 9; file++) {
          const v = this.board[makeSquare(file, rank)];
          if (!v) { empty++; continue; }
          if (empty) { row += empty; empty = 0; }
          const letter = TYPE_LETTERS[PIECE_TYPES[v & 15]];
          row += v & 0x10 ? letter : letter.toLowerCase();
        }
        if (empty) row += empty;
        rows.push(row);
      }
      return rows.join("/");
    }

    fen() { return `${this.boardFen()} ${"wb"[this.side]} - - ${this.halfmove} ${this.fullmove}`; }

    pieceAt(sq) {
      const v = this.board[sq];
      if (!v || v === OFF) return null;
      return [v & 0x10 ? RED : BLACK, PIECE_TYPES[v & 15]];
    }

    enemyType(v, by) {  // type of board value v when it is a piece of side `by`, else -1
      const tag = by === RED ? 0x10 : 0x20;
      return v >= tag && v < tag + 16 ? PIECE_TYPES[v - tag] : -1;
    }

    kingAttacked(side) {
      const ks = this.pieceSq[16 * side];
      return ks ? this.squareAttacked(ks, side ^ 1) : false;
    }

    inCheck(side) { return this.kingAttacked(side === undefined ? this.side : side); }

    squareAttacked(sq, by) {
      const b = this.board;
      for (const d of [-16, -1, 1, 16]) {
        let t = sq + d;
        while (b[t] === 0) t += d;
        const v = b[t], ty = this.enemyType(v, by);
        if (ty === ROOK || (ty === KING && (d === 16 || d === -16))) return true;
        if (v !== OFF) {
          t += d;
          while (b[t] === 0) t += d;
          if (this.enemyType(b[t], by) === CANNON) return true;
        }
      }
      for (const [off, leg] of KNIGHT_ATTACKS) {
        if (this.enemyType(b[sq + off], by) === KNIGHT && b[sq + leg] === 0) return true;
      }
      if (by === BLACK) {
        if (this.enemyType(b[sq - 16], by) === PAWN) return true;
        for (const t of [sq - 1, sq + 1]) if (this.enemyType(b[t], by) === PAWN && (t & 0x80)) return true;
      } else {
        if (this.enemyType(b[sq + 16], by) === PAWN) return true;
        for (const t of [sq - 1, sq + 1]) if (this.enemyType(b[t], by) === PAWN && !(t & 0x80)) return true;
      }
      return false;
    }

    pseudoMoves() {
      const b = this.board, ps = this.pieceSq, side = this.side;
      const own = side === RED ? 0x10 : 0x20, base = 16 * side, out = [];
      const pal = PALACE[side], half = HALF[side];
      [[0, KING_STEPS], [1, ADVISOR_STEPS], [2, ADVISOR_STEPS]].forEach(([i, steps]) => {
        const sq = ps[base + i];
        if (sq) for (const d of steps) { const t = sq + d; if (pal[t] && !(b[t] & own)) out.push([sq, t]); }
      });
      for (const i of [3, 4]) {
        const sq = ps[base + i];
        if (sq) for (const [d, eye] of BISHOP_STEPS) {
          const t = sq + d;
          if (half[t] && !(b[t] & own) && b[sq + eye] === 0) out.push([sq, t]);
        }
      }
      for (const i of [5, 6]) {
        const sq = ps[base + i];
        if (sq) for (const [d, leg] of KNIGHT_STEPS) {
          const t = sq + d;
          if (t >= 0 && t < 256 && !(b[t] & own) && b[sq + leg] === 0) out.push([sq, t]);
        }
      }
      for (const i of [7, 8, 9, 10]) {
        const sq = ps[base + i];
        if (!sq) continue;
        for (const d of [-16, -1, 1, 16]) {
          let t = sq + d;
          while (b[t] === 0) { out.push([sq, t]); t += d; }
          if (i < 9) { if (!(b[t] & own)) out.push([sq, t]); }
          else if (b[t] !== OFF) {
            t += d;
            while (b[t] === 0) t += d;
            if (!(b[t] & own)) out.push([sq, t]);
          }
        }
      }
      const fwd = side === RED ? -16 : 16;
      for (let i = 11; i < 16; i++) {
        const sq = ps[base + i];
        if (!sq) continue;
        if (!(b[sq + fwd] & own)) out.push([sq, sq + fwd]);
        if (((sq & 0x80) === 0) === (side === RED)) {
          if (!(b[sq - 1] & own)) out.push([sq, sq - 1]);
          if (!(b[sq + 1] & own)) out.push([sq, sq + 1]);
        }
      }
      return out;
    }

    place(m) {  // move on the board and piece list only; returns the captured value
      const [frm, to] = m, v = this.board[frm], c = this.board[to];
      this.board[to] = v; this.board[frm] = 0; this.pieceSq[v - 16] = to;
      if (c) this.pieceSq[c - 16] = 0;
      return c;
    }

    unplace(m, c) {
      const [frm, to] = m, v = this.board[to];
      this.board[frm] = v; this.board[to] = c; this.pieceSq[v - 16] = frm;
      if (c) this.pieceSq[c - 16] = to;
    }

    legalMoves() {
      return this.pseudoMoves().filter((m) => {
        const c = this.place(m);
        const ok = !this.squareAttacked(this.pieceSq[16 * this.side], this.side ^ 1);
        this.unplace(m, c);
        return ok;
      });
    }

    checkMove(m) {
      const [frm, to] = m;
      if (!IN_BOARD[frm] || !IN_BOARD[to]) fail("IllegalMoveError", `move 0x${frm.toString(16)}->0x${to.toString(16)} leaves the board`);
      const name = moveName(m), piece = this.pieceAt(frm);
      if (!piece) fail("IllegalMoveError", `${name}: no piece on ${sqName(frm)}`);
      const [side, ptype] = piece;
      if (side !== this.side) fail("IllegalMoveError", `${name}: the piece on ${sqName(frm)} is ${SIDE_NAMES[side]}, but ${SIDE_NAMES[this.side]} is to move`);
      if (!this.pseudoMoves().some((p) => p[0] === frm && p[1] === to)) fail("IllegalMoveError", `${name}: a ${SIDE_NAMES[side]} ${TYPE_NAMES[ptype]} cannot move that way`);
      if (!this.legalMoves().some((p) => p[0] === frm && p[1] === to)) fail("IllegalMoveError", `${name}: leaves the ${SIDE_NAMES[side]} king in check`);
    }

    push(m) {
      const c = this.place(m);
      this.stack.push([m, c, this.halfmove, this.fullmove]);
      this.halfmove = c ? 0 : this.halfmove + 1;
      if (this.side === BLACK) this.fullmove++;
      this.side ^= 1;
    }

    copy() {
      const p = new Position();
      p.board.set(this.board); p.pieceSq.set(this.pieceSq);
      p.side = this.side; p.halfmove = this.halfmove; p.fullmove = this.fullmove;
      return p;
    }
  }

  function parseIccs(text) {
    const m = /^([a-i])([0-9])([a-i])([0-9])$/.exec(text.toLowerCase());
    if (!m) fail("IllegalMoveError", `not an ICCS move: '${text}' (want e.g. h2e2)`);
    return [makeSquare("abcdefghi".indexOf(m[1]), +m[2]), makeSquare("abcdefghi".indexOf(m[3]), +m[4])];
  }

  // ---------------------------------------------------------------- notation (notation.py)
  const WXF_LETTERS = "KAEHRCP";
  const CN_PIECES = ["帅仕相马车炮兵", "将士象马车炮卒"];
  const CN_NUMBERS = "一二三四五六七八九", ORDINALS = "一二三四五";
  const fileNumber = (side, file) => (side === RED ? 9 - file : file + 1);

  function parts(pos, m) {
    const [side, ptype] = pos.pieceAt(m[0]);
    const f0 = sqFile(m[0]), r0 = sqRank(m[0]), f1 = sqFile(m[1]), r1 = sqRank(m[1]);
    const step = side === RED ? r1 - r0 : r0 - r1;
    const dir = step > 0 ? "+" : step < 0 ? "-" : ".";
    const number = (ptype === ADVISOR || ptype === BISHOP || ptype === KNIGHT || dir === ".")
      ? fileNumber(side, f1) : Math.abs(step);
    return [side, ptype, fileNumber(side, f0), dir, number];
  }

  function tandem(pos, m) {
    const [side, ptype] = pos.pieceAt(m[0]), perFile = {};
    for (let sq = 0; sq < 256; sq++) {
      const p = pos.pieceAt(sq);
      if (p && p[0] === side && p[1] === ptype) (perFile[sqFile(sq)] = perFile[sqFile(sq)] || []).push(sqRank(sq));
    }
    const ranks = perFile[sqFile(m[0])].slice().sort((a, b) => (side === RED ? b - a : a - b));
    const several = Object.values(perFile).filter((r) => r.length >= 2).length;
    return [ranks.indexOf(sqRank(m[0])), ranks.length, several];
  }

  function otherShiftFits(pos, m) {
    const [side, ptype] = pos.pieceAt(m[0]), file = sqFile(m[0]);
    let other = -1;
    for (let sq = 0; sq < 256; sq++) {
      const p = pos.pieceAt(sq);
      if (sq !== m[0] && p && p[0] === side && p[1] === ptype && sqFile(sq) === file) { other = sq; break; }
    }
    const t = other + m[1] - m[0];
    if (t < 0 || t > 255 || !IN_BOARD[t]) return false;
    if (ptype === KING || ptype === ADVISOR) return !!PALACE[side][t];
    if (ptype === BISHOP) return !!HALF[side][t];
    return true;
  }

  function wxf(pos, m) {
    const [, ptype, fileNo, dir, number] = parts(pos, m);
    const [index, onFile, several] = tandem(pos, m);
    let head;
    if (onFile > 2 || (ptype === PAWN && onFile === 2 && several > 1)) head = `${index + 1}${fileNo}`;
    else if (onFile === 2 && otherShiftFits(pos, m)) head = WXF_LETTERS[ptype] + (index === 0 ? "+" : "-");
    else head = WXF_LETTERS[ptype] + fileNo;
    return head + dir + number;
  }

  function chinese(pos, m) {
    const [side, ptype, fileNo, dir, number] = parts(pos, m);
    const [index, onFile, several] = tandem(pos, m);
    const num = (n) => (side === RED ? CN_NUMBERS[n - 1] : String(n));
    const name = CN_PIECES[side][ptype];
    const tail = { "+": "进", "-": "退", ".": "平" }[dir] + num(number);
    if (onFile === 1 || ptype === ADVISOR || ptype === BISHOP) return name + num(fileNo) + tail;
    const prefix = onFile === 2 ? "前后"[index] : onFile === 3 ? "前中后"[index] : ORDINALS[index];
    if (ptype === PAWN && several > 1) return prefix + num(fileNo) + tail;
    return prefix + name + tail;
  }

  // ---------------------------------------------------------------- the referee (game.py)
  const ATTACKING = [ROOK, KNIGHT, CANNON, PAWN];
  function judge(pos, keys, checks) {  // keys[i], checks[i]: after ply i (keys[0] = start)
    if (!pos.legalMoves().length) return [pos.side ^ 1, pos.inCheck() ? "checkmate" : "stalemate"];
    const last = keys[keys.length - 1], occ = [];
    keys.forEach((k, i) => { if (k === last) occ.push(i); });
    if (occ.length >= 4) {
      const first = occ[occ.length - 4], mover = pos.side, by = [[], []];
      for (let j = first; j < checks.length; j++) by[mover ^ ((j - first) & 1)].push(checks[j]);
      const perpetual = [0, 1].filter((s) => by[s].length && by[s].every(Boolean));
      if (perpetual.length === 1) return [perpetual[0] ^ 1, "perpetual check"];
      return [null, "repetition"];
    }
    if (pos.halfmove >= 100) return [null, "100 plies without capture"];
    let attackers = false;
    for (let i = 0; i < 32; i++) if (pos.pieceSq[i] && ATTACKING.includes(PIECE_TYPES[i & 15])) attackers = true;
    if (!attackers) return [null, "no attacking pieces"];
    return null;
  }

  // Replays `moves` (ICCS) from `fen`; returns {pos, result, early: [ply, reason] | null}.
  function replay(fen, moves) {
    const pos = Position.fromFen(fen);
    const key = () => pos.boardFen() + " " + "wb"[pos.side];
    const keys = [key()], checks = [];
    let early = null;
    moves.forEach((text, i) => {
      if (!early) { const j = judge(pos, keys, checks); if (j) early = [i, j[1]]; }
      const m = parseIccs(text);
      pos.checkMove(m);
      pos.push(m);
      checks.push(pos.inCheck());
      keys.push(key());
    });
    return { pos, result: judge(pos, keys, checks), early };
  }

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
