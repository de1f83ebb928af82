// The xiangqi rules the page's save codec needs (savefile.js): the board of
// docs/encoding.md, FEN, legal moves with the flying general, WXF and Chinese notation
// (as pyharness/reference/notation.py writes them) and the referee of docs/rules.md.
// A port of pyharness/reference (position.py, notation.py, game.py); tests/test_gameio_js.py
// checks it against them through the codec.
(function (root, factory) {
  if (typeof module === "object" && module.exports) module.exports = factory();
  else root.XQRules = factory();
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

  return { RED, BLACK, KING, ADVISOR, BISHOP, KNIGHT, PAWN, IN_BOARD, PALACE, HALF, PIECE_TYPES,
           SIDE_NAMES, TYPE_NAMES, WXF_LETTERS, Position, XQError, fail, parseIccs, parts,
           wxf, chinese, replay, sqName, sqFile, sqRank, moveName };
});
