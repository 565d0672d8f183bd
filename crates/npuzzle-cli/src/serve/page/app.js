// npuzzle's page: a board to play, a solver to watch, a comparison of the algorithms.
// Plain JavaScript, no libraries: the page is served from the binary with no network.
"use strict";

const $ = (id) => document.getElementById(id);

// The blank's moves, as the solver names them: letter -> [row step, column step].
const STEPS = { u: [-1, 0], d: [1, 0], l: [0, -1], r: [0, 1] };
// An arrow key slides the tile on that side of the gap *towards* the arrow, so the blank
// goes the other way: ArrowUp moves the tile below the gap up, the blank down.
const ARROW_TO_BLANK = { ArrowUp: "d", ArrowDown: "u", ArrowLeft: "r", ArrowRight: "l" };

const state = {
  width: 3,
  height: 3,
  cells: [],
  goal: [],
  solution: null, // { start: cells, moves: "...", tiles: "R2U...", index: n }
  report: null, // the last answer of /api/solve
  timer: null,
  trace: null, // the replay of /api/trace (see loadTrace)
  traceTimer: null,
  traceHover: null, // the event under the cursor
  busy: false,
};

// ---- board model -----------------------------------------------------------------------

function standardGoal(width, height) {
  const cells = [];
  for (let i = 1; i < width * height; i++) cells.push(i);
  cells.push(0);
  return cells;
}

/** "1 2 3/4 5 6/7 8 0" -> [1,2,...]. */
function parseCells(text) {
  return text.trim().split(/[\s/,]+/).filter((t) => t !== "").map((t) => {
    if (t === "x" || t === "_") return 0;
    const n = Number(t);
    return Number.isInteger(n) ? n : NaN;
  });
}

function notation(cells, width) {
  const rows = [];
  for (let r = 0; r * width < cells.length; r++) {
    rows.push(cells.slice(r * width, (r + 1) * width).join(" "));
  }
  return rows.join("/");
}

/** The cells after the blank moves `letter`, or null when it would leave the board. */
function moved(cells, letter) {
  const blank = cells.indexOf(0);
  const row = Math.floor(blank / state.width) + STEPS[letter][0];
  const col = (blank % state.width) + STEPS[letter][1];
  if (row < 0 || row >= state.height || col < 0 || col >= state.width) return null;
  const next = cells.slice();
  const other = row * state.width + col;
  next[blank] = next[other];
  next[other] = 0;
  return next;
}

/** The blank move that slides the tile at `cell` into the gap, if it is next to it. */
function moveForCell(cell) {
  return Object.keys(STEPS).find((letter) => {
    const blank = state.cells.indexOf(0);
    const row = Math.floor(blank / state.width) + STEPS[letter][0];
    const col = (blank % state.width) + STEPS[letter][1];
    return row >= 0 && row < state.height && col >= 0 && col < state.width &&
      row * state.width + col === cell;
  });
}

const sameCells = (a, b) => a.length === b.length && a.every((v, i) => v === b[i]);

// ---- languages -------------------------------------------------------------------------
// Every string the page shows, in English and in Chinese (the terms of Chinese textbooks
// and judges). Static text carries data-i18n="key" (data-i18n-aria for aria-label);
// messages are made with t(key, values). `?lang=zh` or `?lang=en` chooses, the choice is
// remembered, and the browser's language is the default.

const CATALOGUE = {
  en: {
    language: "Language",
    lede: "Slide the tiles home, or let an exact solver show you the fewest moves.",
    puzzle_8: "The 8-puzzle",
    puzzle_15: "The 15-puzzle",
    puzzle_24: "The 24-puzzle",
    puzzle_wxh: "A {w}×{h} puzzle",
    size: "Size",
    depth: "Depth",
    scramble_depth: "Scramble depth",
    random: "random",
    n_moves: "{n:move|moves}",
    scramble: "Scramble",
    reset: "Reset",
    puzzle_board: "Puzzle board",
    board_help: "Click a tile next to the gap, or press the arrow keys, to slide it. Tiles are buttons too: Tab to one and press Enter.",
    algorithm: "Algorithm",
    alg_auto: "auto",
    alg_table: "distance table",
    alg_bfs: "BFS",
    alg_bidirectional: "bidirectional BFS",
    alg_astar: "A*",
    alg_idastar: "IDA*",
    "alg_fast-idastar": "fast IDA*",
    alg_iddfs: "IDDFS",
    alg_constructive: "constructive",
    heuristic: "Heuristic",
    h_auto: "best at hand",
    "h_linear-conflict": "linear conflict",
    h_manhattan: "Manhattan",
    h_misplaced: "misplaced tiles",
    h_pdb: "pattern databases {set}",
    h_pdb_reflected: "pattern databases {set} with reflection",
    solve: "Solve",
    solution_player: "Solution player",
    back: "◀ Back",
    step: "Step ▶",
    play: "▶ Play",
    pause: "❚❚ Pause",
    step_back: "Step back",
    step_forward: "Step forward",
    speed: "Speed",
    slow: "slow",
    normal: "normal",
    fast: "fast",
    move_counter: "move {i} / {n}",
    solution_moves: "Solution: the blank's moves (u d l r)",
    solution_moves_title: "The blank's moves: u d l r",
    tile_moves: "Solution in tile notation (U D L R, runs counted)",
    tile_moves_title: "Tile notation, as slidy writes it: the way each tile slides, runs counted (R2 = R R)",
    tiles_label: "tiles: ",
    goal_colon: "Goal:",
    goal_label: "Goal board (rows split by /, blank 0)",
    set_goal: "Set goal",
    use_board: "Use current board",
    compare_title: "Compare the algorithms",
    compare_help: "Runs every algorithm on the board above, each under the same limits, and shows what each one cost. The charts use a log scale: each grid line is ten times the last.",
    compare_button: "Compare on this board",
    compare_caption: "Every algorithm on one board",
    th_algorithm: "algorithm · heuristic",
    th_moves: "moves",
    th_expanded: "expanded",
    th_peak: "peak nodes",
    th_time: "time",
    footer_moves: "Moves name the blank's motion: u d l r.",
    footer_api: "The JSON API:",
    tile_label: "tile {tile}, row {row} column {col}",
    tile_can_slide: "tile {tile}, row {row} column {col}, can slide",
    board_ready: "A {w}×{h} board. Scramble it, then solve.",
    solved: "Solved!",
    scrambled: "Scrambled (seed {seed}). Solve it yourself, or press Solve.",
    no_scramble: "Could not scramble: {why}",
    solving: "Solving…",
    cost: "{n:node|nodes} expanded in {s} s ({how})",
    unsolvable: "This board cannot reach the goal: its tile parity differs. Scramble again or edit the goal.",
    gave_up: "The solver gave up at a limit. {cost}. Try IDA* with linear conflict, a shorter scramble, or a smaller board.",
    optimal_solution: "Optimal solution: {n:move|moves}; {cost}. Press Play.",
    a_solution: "A solution: {n:move|moves}; {cost}. Press Play.",
    no_solve: "Could not solve: {why}",
    reached_goal: "Reached the goal in {n:move|moves}.",
    m_expanded: "Nodes expanded",
    m_time: "Time",
    m_peak: "Peak memory (nodes held at once)",
    log_scale: "{title}, log scale: {values}",
    gave_up_mark: "(gave up)",
    comparing: "Running every algorithm…",
    compared: "Compared {n:run|runs} on this board.",
    compared_gave_up: "Compared {n:run|runs} on this board; {k} gave up at the limits (orange).",
    compare_unsolvable: "This board cannot reach the goal (its tile parity differs): there is nothing to compare.",
    no_compare: "Could not compare: {why}",
    unsolvable_short: "unsolvable",
    gave_up_short: "gave up",
    goal_needs: "A {w}×{h} goal needs each of 0…{max} exactly once.",
    goal_set: "Goal set. Scramble makes boards that can reach it.",
    back_at_goal: "Back at the goal.",
    server_answered: "the server answered {status}",
    server_unreachable: "the server could not be reached",
    trace_title: "Watch the search",
    trace_help: "Runs one search on the board above and replays what it did, event by event. Each bar counts the boards expanded at one depth (BFS, IDDFS), from each end (bidirectional BFS), or at one f = g + h (A*, IDA*); the dark part is the current iteration of IDA* and IDDFS. Hover a bar to see the last board expanded there.",
    search: "Search",
    events_limit: "Events",
    trace_button: "Trace",
    trace_player: "Search player",
    c_event: "event",
    c_kind: "step",
    c_expanded: "expanded",
    c_frontier: "frontier",
    c_bound: "bound",
    k_expand: "expand",
    k_iteration: "new iteration",
    k_meet: "frontiers meet",
    k_goal: "goal",
    axis_depth: "depth g (moves from the start)",
    axis_f: "f = g + h",
    axis_sides: "forward depth → ← backward depth",
    axis_count: "boards expanded",
    forward: "forward, from the start",
    backward: "backward, from the goal",
    this_iteration: "this iteration",
    earlier_iterations: "earlier iterations",
    bound_marker: "bound {b}",
    now_expanding: "Now: {kind}, g {g} · h {h} · f {f}",
    under_cursor: "Last expanded at {x}: g {g} · h {h} · f {f} ({count:board|boards})",
    tracing: "Tracing…",
    traced: "{n:event|events} from {alg}. Press Play.",
    traced_cut: "{n:event|events} from {alg}, cut at the limit. Press Play.",
    trace_goal: "Goal reached: {moves:move|moves} after {expanded:expansion|expansions}.",
    trace_end_cut: "End of the trace at the limit of {n:event|events}, after {expanded:expansion|expansions}.",
    trace_unsolvable: "This board cannot reach the goal (its tile parity differs): nothing to search.",
    no_trace: "Could not trace: {why}",
    err_bad_request: "The server could not read the request.",
    err_bad_board: "The board cannot be read: give each tile once, rows split by /.",
    err_bad_goal: "The goal cannot be read, or does not fit the board.",
    err_bad_size: "That size cannot be served.",
    err_bad_algorithm: "That algorithm cannot be used here.",
    err_bad_heuristic: "That heuristic is unknown.",
    err_bad_limit: "A limit is out of range.",
    err_bad_options: "The solver does not take these options together.",
    err_tables_unavailable: "The server could not read its tables (its cache failed): the request was fine.",
    err_bad_json: "The request was not JSON.",
    err_bad_fields: "The request has unknown or mistyped fields.",
    err_unsupported_media_type: "The request must be sent as JSON.",
    err_body_too_large: "The request is too large.",
    err_body_timeout: "The request took too long to arrive.",
    err_not_found: "Nothing is there.",
    err_method_not_allowed: "That address does not answer this method.",
    err_busy: "The server is busy with other searches: try again in a moment.",
    err_timeout: "The server did not answer in time.",
    err_internal: "The server failed (a bug).",
  },
  zh: {
    language: "语言",
    lede: "把方块滑回原位，或让精确求解器告诉你最少的步数。",
    puzzle_8: "数字华容道（八数码）",
    puzzle_15: "数字华容道（十五数码）",
    puzzle_24: "数字华容道（二十四数码）",
    puzzle_wxh: "数字华容道（{w}×{h}）",
    size: "尺寸",
    depth: "步数",
    scramble_depth: "打乱步数",
    random: "完全随机",
    n_moves: "{n} 步",
    scramble: "打乱",
    reset: "复位",
    puzzle_board: "棋盘",
    board_help: "点击空格旁边的方块，或按方向键，把它滑进空格。方块也是按钮：用 Tab 选中后按回车。",
    algorithm: "算法",
    alg_auto: "自动选择",
    alg_table: "距离表",
    alg_bfs: "广度优先搜索 (BFS)",
    alg_bidirectional: "双向广度优先搜索",
    alg_astar: "A* 搜索",
    alg_idastar: "迭代加深 A* (IDA*)",
    "alg_fast-idastar": "快速 IDA*",
    alg_iddfs: "迭代加深搜索 (IDDFS)",
    alg_constructive: "构造法",
    heuristic: "启发函数",
    h_auto: "现有最佳",
    "h_linear-conflict": "线性冲突",
    h_manhattan: "曼哈顿距离",
    h_misplaced: "错位数",
    h_pdb: "模式数据库 {set}",
    h_pdb_reflected: "模式数据库 {set}（含镜像查询）",
    solve: "求解",
    solution_player: "解答播放器",
    back: "◀ 后退",
    step: "单步 ▶",
    play: "▶ 播放",
    pause: "❚❚ 暂停",
    step_back: "后退一步",
    step_forward: "前进一步",
    speed: "速度",
    slow: "慢",
    normal: "中",
    fast: "快",
    move_counter: "第 {i} / {n} 步",
    solution_moves: "解答（空格的移动 u/d/l/r）",
    solution_moves_title: "空格的移动：u 上、d 下、l 左、r 右",
    tile_moves: "解答的滑块记法（U D L R，同向连续移动记次数）",
    tile_moves_title: "滑块记法（与 slidy 相同）：记每次滑块移动的方向，同向连续移动记次数（R2 = R R）",
    tiles_label: "滑块：",
    goal_colon: "目标：",
    goal_label: "目标局面（各行用 / 分隔，空格记为 0）",
    set_goal: "设为目标",
    use_board: "用当前局面作目标",
    compare_title: "算法比较",
    compare_help: "在上面的局面上以相同的限制运行每种算法，比较各自的代价。图表为对数刻度：每条网格线是前一条的十倍。",
    compare_button: "在此局面上比较",
    compare_caption: "同一局面上的各种算法",
    th_algorithm: "算法 · 启发函数",
    th_moves: "步数",
    th_expanded: "扩展结点数",
    th_peak: "峰值结点数",
    th_time: "用时",
    footer_moves: "步骤记为空格的移动：u 上、d 下、l 左、r 右。",
    footer_api: "JSON 接口：",
    tile_label: "方块 {tile}，第 {row} 行第 {col} 列",
    tile_can_slide: "方块 {tile}，第 {row} 行第 {col} 列，可以滑动",
    board_ready: "{w}×{h} 的棋盘。先打乱，再求解。",
    solved: "完成！",
    scrambled: "已打乱（随机种子 {seed}）。自己试试，或按“求解”。",
    no_scramble: "无法打乱：{why}",
    solving: "正在求解…",
    cost: "扩展了 {n} 个结点，用时 {s} 秒（{how}）",
    unsolvable: "此局面无法到达目标：逆序对奇偶性不同。请重新打乱或修改目标。",
    gave_up: "求解器在限制处放弃。{cost}。可以试试线性冲突的 IDA*、更短的打乱或更小的棋盘。",
    optimal_solution: "最优解：{n} 步；{cost}。按“播放”观看。",
    a_solution: "找到一个解：{n} 步；{cost}。按“播放”观看。",
    no_solve: "无法求解：{why}",
    reached_goal: "用 {n} 步到达目标。",
    m_expanded: "扩展结点数",
    m_time: "用时",
    m_peak: "峰值内存（同时保存的结点数）",
    log_scale: "{title}，对数刻度：{values}",
    gave_up_mark: "（放弃）",
    comparing: "正在运行每种算法…",
    compared: "已在此局面上比较 {n} 次运行。",
    compared_gave_up: "已在此局面上比较 {n} 次运行；其中 {k} 次在限制处放弃（橙色）。",
    compare_unsolvable: "此局面无法到达目标（逆序对奇偶性不同），无需比较。",
    no_compare: "无法比较：{why}",
    unsolvable_short: "无解",
    gave_up_short: "放弃",
    goal_needs: "{w}×{h} 的目标必须恰好包含 0…{max} 各一次。",
    goal_set: "目标已设定。打乱只会生成能到达它的局面。",
    back_at_goal: "已回到目标局面。",
    server_answered: "服务器返回了 {status}",
    server_unreachable: "无法连接服务器",
    trace_title: "观察搜索过程",
    trace_help: "在上面的局面上运行一种搜索，并逐个事件重放它的过程。每根柱子统计在某一深度（广度优先搜索、迭代加深搜索）、从某一端（双向广度优先搜索）或某一 f = g + h 值（A*、IDA*）上扩展的局面数；深色部分是 IDA* 和迭代加深搜索的当前一轮迭代。把鼠标移到柱子上，可以看到那里最后扩展的局面。",
    search: "搜索算法",
    events_limit: "事件上限",
    trace_button: "追踪",
    trace_player: "搜索过程播放器",
    c_event: "事件",
    c_kind: "动作",
    c_expanded: "已扩展",
    c_frontier: "待扩展",
    c_bound: "界限",
    k_expand: "扩展",
    k_iteration: "新一轮迭代",
    k_meet: "两端相遇",
    k_goal: "到达目标",
    axis_depth: "深度 g（离起点的步数）",
    axis_f: "估价 f = g + h",
    axis_sides: "正向深度 → ← 反向深度",
    axis_count: "扩展的局面数",
    forward: "正向（从起点）",
    backward: "反向（从目标）",
    this_iteration: "本轮迭代",
    earlier_iterations: "之前的迭代",
    bound_marker: "界限 {b}",
    now_expanding: "当前：{kind}，g {g} · h {h} · f {f}",
    under_cursor: "在 {x} 处最后扩展的局面：g {g} · h {h} · f {f}（共 {count} 个）",
    tracing: "正在追踪…",
    traced: "{alg}共 {n} 个事件。按“播放”观看。",
    traced_cut: "{alg}共 {n} 个事件（已在上限处截断）。按“播放”观看。",
    trace_goal: "到达目标：{moves} 步，共扩展 {expanded} 个局面。",
    trace_end_cut: "追踪在 {n} 个事件的上限处结束，已扩展 {expanded} 个局面。",
    trace_unsolvable: "此局面无法到达目标（逆序对奇偶性不同），无需搜索。",
    no_trace: "无法追踪：{why}",
    err_bad_request: "服务器无法读取请求。",
    err_bad_board: "无法读取局面：每个方块恰好出现一次，各行用 / 分隔。",
    err_bad_goal: "无法读取目标局面，或与棋盘不符。",
    err_bad_size: "不支持这个尺寸。",
    err_bad_algorithm: "这里不能使用该算法。",
    err_bad_heuristic: "未知的启发函数。",
    err_bad_limit: "限制超出范围。",
    err_bad_options: "求解器不接受这些选项的组合。",
    err_tables_unavailable: "服务器无法读取它的表（缓存出错），请求本身没有问题。",
    err_bad_json: "请求不是 JSON。",
    err_bad_fields: "请求中有未知或类型错误的字段。",
    err_unsupported_media_type: "请求必须以 JSON 发送。",
    err_body_too_large: "请求太大。",
    err_body_timeout: "请求到达得太慢。",
    err_not_found: "这里什么也没有。",
    err_method_not_allowed: "该地址不响应这种请求方法。",
    err_busy: "服务器正忙于其他搜索，请稍后再试。",
    err_timeout: "服务器未能及时响应。",
    err_internal: "服务器出错（程序缺陷）。",
  },
};

const LANGUAGES = Object.keys(CATALOGUE);
let lang = "en";

/**
 * The message `key` in the current language, filled from `values`: `{name}` is the value
 * (numbers grouped as the reader's locale groups them), `{name:one|many}` the value and
 * the noun that agrees with it ("1 move", "2 moves").
 */
function t(key, values = {}) {
  const text = CATALOGUE[lang][key] ?? CATALOGUE.en[key] ?? key;
  return text.replace(/\{(\w+)(?::([^|}]*)\|([^}]*))?\}/g, (whole, name, one, many) => {
    const value = values[name];
    if (value === undefined || value === null) return whole;
    const shown = typeof value === "number" ? value.toLocaleString() : String(value);
    if (one === undefined) return shown;
    return `${shown} ${Number(String(value).replace(/,/g, "")) === 1 ? one : many}`;
  });
}

/** The language asked for: the link's `?lang=`, the remembered choice, the browser's. */
function chosenLanguage() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (LANGUAGES.includes(asked)) return asked;
  let remembered = null;
  try { remembered = localStorage.getItem("npuzzle.lang"); } catch (_) { /* storage off */ }
  if (LANGUAGES.includes(remembered)) return remembered;
  const browser = (navigator.languages && navigator.languages[0]) || navigator.language || "en";
  return browser.toLowerCase().startsWith("zh") ? "zh" : "en";
}

/** Writes every static string in `lang` and redraws what messages made. */
function applyLanguage(next, remember) {
  lang = next;
  if (remember) {
    try { localStorage.setItem("npuzzle.lang", next); } catch (_) { /* storage off */ }
  }
  document.documentElement.lang = next === "zh" ? "zh-CN" : "en";
  document.title = next === "zh" ? "npuzzle · 数字华容道求解器" : "npuzzle";
  $("lang").value = next;
  // Values a label needs (a count, a board's width and height) are data attributes.
  for (const el of document.querySelectorAll("[data-i18n]")) {
    el.textContent = t(el.dataset.i18n, el.dataset);
  }
  for (const el of document.querySelectorAll("[data-i18n-aria]")) {
    el.setAttribute("aria-label", t(el.dataset.i18nAria));
  }
  for (const el of document.querySelectorAll("[data-i18n-title]")) {
    el.setAttribute("title", t(el.dataset.i18nTitle));
  }
  const url = new URL(location.href);
  if (url.searchParams.has("lang") && url.searchParams.get("lang") !== next) {
    url.searchParams.set("lang", next);
    history.replaceState(null, "", url);
  }
}


// ---- drawing ---------------------------------------------------------------------------

function render(movedTile) {
  const board = $("board");
  board.style.setProperty("--n", state.width);
  const focusedTile = document.activeElement && document.activeElement.dataset
    ? document.activeElement.dataset.tile : undefined;
  board.replaceChildren();
  state.cells.forEach((tile, cell) => {
    if (tile === 0) {
      const gap = document.createElement("div");
      gap.className = "blank";
      gap.setAttribute("aria-hidden", "true");
      board.append(gap);
      return;
    }
    const button = document.createElement("button");
    button.type = "button";
    button.className = "tile";
    button.textContent = tile;
    button.dataset.tile = tile;
    button.dataset.cell = cell;
    const movable = moveForCell(cell) !== undefined;
    if (movable) button.classList.add("movable");
    if (tile === movedTile) button.classList.add("just-moved");
    const row = Math.floor(cell / state.width) + 1;
    const col = (cell % state.width) + 1;
    button.setAttribute("aria-label", t(movable ? "tile_can_slide" : "tile_label", { tile, row, col }));
    board.append(button);
    if (String(tile) === focusedTile) button.focus();
  });
  board.classList.toggle("solved", sameCells(state.cells, state.goal));
  board.dataset.cells = state.cells.join(" ");
  renderPlayer();
}

function renderPlayer() {
  const s = state.solution;
  const total = s ? s.moves.length : 0;
  const index = s ? s.index : 0;
  $("counter").textContent = t("move_counter", { i: index, n: total });
  $("play").disabled = !s;
  $("step").disabled = !s || index >= total;
  $("back").disabled = !s || index === 0;
  $("play").textContent = t(state.timer ? "pause" : "play");
  const movesLine = $("moves");
  movesLine.replaceChildren();
  if (s) {
    [...s.moves].forEach((letter, i) => {
      const span = document.createElement("span");
      span.textContent = letter;
      if (i < index) span.className = "done";
      if (i === index) span.className = "current";
      movesLine.append(span);
    });
  }
  renderTileMoves(s, index);
}

/**
 * The solution in tile notation, as the solver wrote it ("R2U2L": the way each tile
 * slides, runs counted), one span a run; the run holding the next move is marked.
 */
function renderTileMoves(s, index) {
  const line = $("tile-moves");
  line.replaceChildren();
  if (!s || !s.tiles) return;
  const label = document.createElement("span");
  label.className = "label";
  label.dataset.i18n = "tiles_label";
  label.textContent = t("tiles_label");
  line.append(label);
  let first = 0; // the move a run starts at
  for (const run of s.tiles.match(/[UDLR]\d*/g) || []) {
    const length = run.length > 1 ? Number(run.slice(1)) : 1;
    const span = document.createElement("span");
    span.textContent = run;
    if (first + length <= index) span.className = "done";
    else if (first <= index && index < first + length) span.className = "current";
    line.append(span);
    first += length;
  }
}

// The message each status line shows, kept so that a change of language rewrites it.
const said = {};

/** Shows the message `key` (with `values`) on the status line `where`. */
function say(key, values = {}, isError = false, where = "status") {
  said[where] = { key, values, isError };
  const line = $(where);
  line.textContent = t(key, resolved(values));
  line.classList.toggle("error", isError);
}

/** `values` with messages inside them (`{key, values}`) written in the current language. */
function resolved(values) {
  const out = {};
  for (const [name, v] of Object.entries(values)) {
    if (typeof v === "function") out[name] = v();
    else if (v && typeof v === "object" && v.key) out[name] = t(v.key, resolved(v.values || {}));
    else out[name] = v;
  }
  return out;
}

function resay() {
  for (const [where, m] of Object.entries(said)) say(m.key, m.values, m.isError, where);
}

// ---- playing by hand -------------------------------------------------------------------

function playerMove(letter) {
  const next = moved(state.cells, letter);
  if (!next) return false;
  const tile = state.cells[next.indexOf(0)];
  forgetSolution();
  state.cells = next;
  render(tile);
  if (sameCells(state.cells, state.goal)) say("solved");
  return true;
}

function forgetSolution() {
  stopPlaying();
  state.solution = null;
}

function newBoard(cells) {
  forgetSolution();
  state.cells = cells;
  render();
}

function showGoal() {
  $("goal").value = notation(state.goal, state.width);
  $("goal-summary").textContent = notation(state.goal, state.width);
}

// The boards with names of their own; the others are called by their size.
const NAMED_SIZES = { "3x3": "puzzle_8", "4x4": "puzzle_15", "5x5": "puzzle_24" };

function setSize(text) {
  const [w, h] = text.split("x").map(Number);
  state.width = w;
  state.height = h;
  state.goal = standardGoal(w, h);
  const title = $("play-title");
  Object.assign(title.dataset, { i18n: NAMED_SIZES[text] ?? "puzzle_wxh", w, h });
  title.textContent = t(title.dataset.i18n, title.dataset);
  showGoal();
  newBoard(state.goal.slice());
  say("board_ready", { w, h });
}

// ---- the API ---------------------------------------------------------------------------

async function api(path, body) {
  const options = body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  };
  const response = await fetch(path, options);
  let data = null;
  try { data = await response.json(); } catch (_) { /* not JSON: reported below */ }
  if (!response.ok) {
    const error = new Error((data && data.error) || `the server answered ${response.status}`);
    error.code = data && data.code;
    error.status = response.status;
    throw error;
  }
  return data;
}

/** What went wrong with a request, in the reader's language: the server's own sentence in
 * English, the message for its `code` in Chinese. Called when shown, so it follows a
 * change of language. */
function why(error) {
  return () => {
    if (error.code && lang !== "en" && `err_${error.code}` in CATALOGUE.en) return t(`err_${error.code}`);
    if (!error.code && error.status === undefined) return t("server_unreachable");
    if (!error.code && lang !== "en") return t("server_answered", { status: error.status });
    return error.message;
  };
}

async function withBusy(button, work) {
  if (state.busy) return;
  state.busy = true;
  button.disabled = true;
  button.setAttribute("aria-busy", "true");
  try { await work(); } finally {
    state.busy = false;
    button.disabled = false;
    button.removeAttribute("aria-busy");
  }
}

async function scramble(seed) {
  await withBusy($("scramble"), async () => {
    const params = new URLSearchParams({
      size: `${state.width}x${state.height}`,
      goal: notation(state.goal, state.width),
    });
    if (seed !== undefined) params.set("seed", seed);
    const depth = $("depth").value;
    if (depth !== "random") params.set("walk", depth);
    try {
      const data = await api(`/api/random?${params}`);
      newBoard(parseCells(data.board));
      say("scrambled", { seed: data.seed_text ?? data.seed });
    } catch (e) {
      say("no_scramble", { why: why(e) }, true);
    }
  });
}

// The searches a heuristic guides: A* and IDA*, and auto, which hands it to the search it
// chooses (named, it keeps auto from a distance table or pattern databases).
const GUIDED = ["auto", "astar", "idastar"];

/** The heuristic a request for `algorithm` names: the one chosen in the menu, if the
 * algorithm takes one; none where the reader left the choice to the solver. */
function chosenHeuristic(algorithm) {
  const chosen = $("heuristic").value;
  return GUIDED.includes(algorithm) && chosen !== "auto" ? chosen : undefined;
}

/** The heuristic menu is open only while the chosen algorithm takes a heuristic. */
function syncHeuristic() {
  $("heuristic").disabled = !GUIDED.includes($("algorithm").value);
}

async function solve() {
  await withBusy($("solve"), async () => {
    forgetSolution();
    renderPlayer();
    state.report = null;
    say("solving");
    const algorithm = $("algorithm").value;
    const body = {
      board: notation(state.cells, state.width),
      goal: notation(state.goal, state.width),
      algorithm,
    };
    const heuristic = chosenHeuristic(algorithm);
    if (heuristic) body.heuristic = heuristic;
    try {
      const report = await api("/api/solve", body);
      state.report = report;
      const cost = { key: "cost", values: {
        n: report.stats.expanded,
        s: report.stats.seconds.toFixed(3),
        how: () => label(report),
      } };
      if (report.status === "unsolvable") {
        say("unsolvable", {}, true);
      } else if (report.status === "gave-up") {
        say("gave_up", { cost }, true);
      } else {
        state.solution = {
          start: state.cells.slice(), moves: report.moves, tiles: report.tile_moves, index: 0,
        };
        renderPlayer();
        say(report.optimal ? "optimal_solution" : "a_solution", { n: report.length, cost });
      }
    } catch (e) {
      say("no_solve", { why: why(e) }, true);
    }
  });
}

// ---- the solution player ---------------------------------------------------------------

function showStep(index) {
  const s = state.solution;
  let cells = s.start;
  let previous = null;
  for (let i = 0; i < index; i++) {
    previous = cells;
    cells = moved(cells, s.moves[i]);
  }
  // The tile that last moved now stands where the blank was.
  const tile = previous ? cells[previous.indexOf(0)] : undefined;
  s.index = index;
  state.cells = cells;
  render(tile);
  if (index === s.moves.length) say("reached_goal", { n: index });
}

function step(delta) {
  const s = state.solution;
  if (!s) return;
  const next = s.index + delta;
  if (next < 0 || next > s.moves.length) return;
  showStep(next);
}

function stopPlaying() {
  if (state.timer) clearInterval(state.timer);
  state.timer = null;
  renderPlayer();
}

function togglePlay() {
  const s = state.solution;
  if (!s) return;
  if (state.timer) { stopPlaying(); return; }
  if (s.index >= s.moves.length) showStep(0);
  state.timer = setInterval(() => {
    if (!state.solution || state.solution.index >= state.solution.moves.length) {
      stopPlaying();
      return;
    }
    step(1);
    if (state.solution.index >= state.solution.moves.length) stopPlaying();
  }, Number($("speed").value));
  renderPlayer();
}

// ---- comparison ------------------------------------------------------------------------

const METRICS = [
  { key: "expanded", title: "m_expanded", value: (r) => r.stats.expanded, format: (v) => v.toLocaleString(), tick: compact },
  { key: "seconds", title: "m_time", value: (r) => r.stats.seconds, format: formatSeconds, tick: formatSeconds },
  { key: "peak", title: "m_peak", value: (r) => r.stats.peak_nodes, format: (v) => v.toLocaleString(), tick: compact },
];

/** 1, 10, 100, 1k, 10k, 100k, 1M, … for axis ticks. */
function compact(v) {
  if (v >= 1e6) return `${v / 1e6}M`;
  if (v >= 1e3) return `${v / 1e3}k`;
  return String(v);
}

function formatSeconds(s) {
  // Number() turns toPrecision's "1.5e+2" back into "150".
  if (s < 1e-3) return `${Number((s * 1e6).toPrecision(2))} µs`;
  if (s < 1) return `${Number((s * 1e3).toPrecision(3))} ms`;
  return `${Number(s.toPrecision(3))} s`;
}

/** The name of `value` under `prefix` in the catalogue, or `value` itself if it has none. */
const named = (prefix, value) => (`${prefix}${value}` in CATALOGUE.en ? t(`${prefix}${value}`) : value);
const label = (r) => named("alg_", r.algorithm) + (r.heuristic ? ` · ${estimateName(r.heuristic)}` : "");

/** An estimate as the reader's language names it: a heuristic, or pattern databases
 * ("pdb 5-5-5 + reflection" in the report). */
function estimateName(name) {
  const pdb = /^pdb (.+?)( \+ reflection)?$/.exec(name);
  if (!pdb) return named("h_", name);
  return t(pdb[2] ? "h_pdb_reflected" : "h_pdb", { set: pdb[1] });
}

async function compare() {
  await withBusy($("compare"), async () => {
    say("comparing", {}, false, "compare-status");
    try {
      const data = await api("/api/compare", {
        board: notation(state.cells, state.width),
        goal: notation(state.goal, state.width),
        // Uninformed searches on big boards would only burn the budget: cap them early.
        max_nodes: 2000000,
      });
      if (data.runs.every((r) => r.status === "unsolvable")) {
        // Nothing ran: empty charts would only suggest every search cost nothing.
        clearComparison();
        say("compare_unsolvable", {}, true, "compare-status");
        return;
      }
      drawTable(data.runs);
      drawCharts(data.runs);
      const gaveUp = data.runs.filter((r) => r.status === "gave-up").length;
      say(gaveUp ? "compared_gave_up" : "compared", { n: data.runs.length, k: gaveUp }, false,
        "compare-status");
    } catch (e) {
      say("no_compare", { why: why(e) }, true, "compare-status");
    }
  });
}

/** Removes the last comparison's table and charts. */
function clearComparison() {
  lastTable = null;
  lastRuns = null;
  $("compare-table").hidden = true;
  $("compare-table").tBodies[0].replaceChildren();
  $("charts").replaceChildren();
}

let lastTable = null;
function drawTable(runs) {
  lastTable = runs;
  const body = $("compare-table").tBodies[0];
  body.replaceChildren();
  for (const r of runs) {
    const row = body.insertRow();
    if (r.status === "gave-up") row.className = "gave-up";
    const moves = r.status === "solved" ? r.length : t(r.status === "unsolvable" ? "unsolvable_short" : "gave_up_short");
    [label(r), moves, r.stats.expanded.toLocaleString(),
      r.stats.peak_nodes.toLocaleString(), formatSeconds(r.stats.seconds)].forEach((v) => {
      row.insertCell().textContent = v;
    });
  }
  $("compare-table").hidden = false;
}

const SVG = "http://www.w3.org/2000/svg";
function svgEl(name, attrs, text) {
  const el = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  return el;
}

let lastRuns = null;
let resizeTimer = null;
window.addEventListener("resize", () => {
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(() => {
    if (lastRuns) drawCharts(lastRuns);
    if (state.trace) drawTraceChart();
  }, 150);
});

/** One horizontal bar chart per metric, log scale from the smallest decade to the largest. */
function drawCharts(runs) {
  const charts = $("charts");
  charts.replaceChildren();
  lastRuns = runs;
  // Drawn in CSS pixels at the panel's width, so the text stays readable on a phone.
  const available = Math.max(300, Math.floor(charts.clientWidth || 560));
  // Wide enough for the longest name (CJK characters are about twice as wide as Latin).
  const textWidth = (text) => [...text].reduce((w, c) => w + (c.charCodeAt(0) > 0x2e80 ? 12 : 6.6), 0);
  const longest = Math.max(...runs.map((r) => textWidth(label(r))));
  const labelWidth = Math.min(Math.floor(available * 0.48), Math.max(available < 480 ? 132 : 170, Math.ceil(longest) + 10));
  // Room for the longest value label, "599,436 (gave up)".
  const valueWidth = runs.some((r) => r.status === "gave-up") ? 140 : 92;
  const barArea = available - labelWidth - valueWidth;
  for (const metric of METRICS) {
    const values = runs.map(metric.value);
    const positive = values.filter((v) => v > 0);
    const lo = Math.floor(Math.log10(Math.min(...positive, 1)));
    let hi = Math.ceil(Math.log10(Math.max(...positive, 1)));
    if (hi <= lo) hi = lo + 1;
    const rowHeight = 20, top = 16;
    const width = labelWidth + barArea + valueWidth;
    const height = top + runs.length * rowHeight + 4;
    const x = (v) => v > 0 ? Math.max(2, ((Math.log10(v) - lo) / (hi - lo)) * barArea) : 0;
    const figure = document.createElement("figure");
    figure.className = "chart";
    figure.dataset.metric = metric.key;
    figure.style.margin = "0";
    const heading = document.createElement("h3");
    heading.textContent = t(metric.title);
    figure.append(heading);
    const svg = svgEl("svg", {
      viewBox: `0 0 ${width} ${height}`, role: "img",
      "aria-label": t("log_scale", { title: t(metric.title),
        values: runs.map((r, i) => `${label(r)} ${metric.format(values[i])}`).join("; ") }),
    });
    // A grid line every decade, labelled every `every`-th from the top one down, so that
    // the labels keep apart on a narrow chart (a phone's leaves about 80 px for the bars).
    const decadeWidth = barArea / (hi - lo);
    const widest = Math.max(...Array.from({ length: hi - lo + 1 }, (_, i) => textWidth(metric.tick(10 ** (lo + i)))));
    const every = Math.max(1, Math.ceil((widest + 8) / decadeWidth));
    for (let d = lo; d <= hi; d++) {
      const gx = labelWidth + ((d - lo) / (hi - lo)) * barArea;
      svg.append(svgEl("line", { class: "grid", x1: gx, x2: gx, y1: top - 4, y2: height }));
      if ((hi - d) % every === 0) {
        svg.append(svgEl("text", { class: "tick", x: gx, y: 10, "text-anchor": "middle" }, metric.tick(10 ** d)));
      }
    }
    runs.forEach((r, i) => {
      const y = top + i * rowHeight;
      svg.append(svgEl("text", { x: labelWidth - 6, y: y + 14, "text-anchor": "end" }, label(r)));
      svg.append(svgEl("rect", {
        class: r.status === "gave-up" ? "bar gave-up" : "bar",
        x: labelWidth, y: y + 3, width: x(values[i]), height: rowHeight - 6,
      }));
      svg.append(svgEl("text", { x: labelWidth + x(values[i]) + 4, y: y + 14 },
        metric.format(values[i]) + (r.status === "gave-up" ? ` ${t("gave_up_mark")}` : "")));
    });
    figure.append(svg);
    charts.append(figure);
  }
}

// ---- watching a search -----------------------------------------------------------------
// The events of /api/trace replayed as a histogram that grows: boards expanded per depth
// (BFS, IDDFS), per depth from each end (bidirectional BFS, the two frontiers meeting in
// the middle), or per f = g + h (A*, IDA*: the open list drained in order of f); for
// IDA* and IDDFS the current iteration is drawn dark over the earlier ones, with the bound
// as a line that moves right at each new iteration.

const TICK_MS = 30;

/** Where an expansion goes on the x axis. */
function bucketOf(trace, e) {
  if (trace.algorithm === "astar" || trace.algorithm === "idastar") return e.f;
  if (trace.algorithm === "bidirectional" && e.side === "backward") return trace.span - e.g;
  return e.g;
}

async function runTrace() {
  await withBusy($("trace"), async () => {
    stopTrace();
    state.trace = null;
    drawTraceChart();
    showTraceCounters();
    say("tracing", {}, false, "trace-status");
    const algorithm = $("trace-algorithm").value;
    const body = {
      board: notation(state.cells, state.width),
      goal: notation(state.goal, state.width),
      algorithm,
      limit: Number($("trace-limit").value),
    };
    const heuristic = chosenHeuristic(algorithm);
    if (heuristic) body.heuristic = heuristic;
    try {
      const data = await api("/api/trace", body);
      if (data.status === "unsolvable") {
        say("trace_unsolvable", {}, true, "trace-status");
        return;
      }
      loadTrace(data, algorithm);
      say(data.truncated ? "traced_cut" : "traced",
        { n: data.events.length, alg: () => named("alg_", algorithm) }, false, "trace-status");
    } catch (e) {
      say("no_trace", { why: why(e) }, true, "trace-status");
    }
  });
}

function loadTrace(data, algorithm) {
  const events = data.events;
  const trace = { algorithm, events, report: data, index: 0, truncated: data.truncated };
  // Bidirectional: the backward side is drawn from the far end, at the solution's length.
  const deepest = (side) => Math.max(0, ...events.filter((e) => e.side === side).map((e) => e.g));
  trace.span = data.length ?? deepest("forward") + deepest("backward") + 1;
  let width = 1;
  for (const e of events) {
    if (e.event === "expand") width = Math.max(width, bucketOf(trace, e) + 1);
    if (e.bound !== undefined) width = Math.max(width, e.bound + 1);
  }
  trace.width = width;
  // The tallest bar the replay will draw, so the scale stays put while it plays.
  const layered = algorithm === "idastar" || algorithm === "iddfs";
  const earlier = new Array(width).fill(0), current = new Array(width).fill(0);
  let tallest = 1;
  for (const e of events) {
    if (e.event === "iteration" && layered) {
      current.forEach((c, i) => { earlier[i] += c; current[i] = 0; });
    } else if (e.event === "expand") {
      const x = bucketOf(trace, e);
      current[x] += 1;
      tallest = Math.max(tallest, earlier[x] + current[x]);
    }
  }
  // The scale's top: 1, 2 or 5 times a power of ten, so the grid lines fall on round numbers.
  const decade = 10 ** Math.floor(Math.log10(tallest));
  trace.tallest = [1, 2, 5, 10].map((m) => m * decade).find((top) => top >= tallest);
  resetReplay(trace);
  state.trace = trace;
  drawTraceChart();
  showTraceCounters();
  renderTracePlayer();
}

/** The replay at its start: nothing drawn yet. */
function resetReplay(trace) {
  trace.index = 0;
  trace.base = new Array(trace.width).fill(0); // earlier iterations, or the forward side
  trace.top = new Array(trace.width).fill(0); // this iteration, or the backward side
  trace.last = new Array(trace.width).fill(-1); // the last event drawn in each bar
  trace.bound = undefined;
  trace.frontier = 0;
}

/** Applies the next event to the replay. */
function applyEvent(trace) {
  const e = trace.events[trace.index];
  const layered = trace.algorithm === "idastar" || trace.algorithm === "iddfs";
  if (e.event === "iteration") {
    if (layered) trace.top.forEach((c, i) => { trace.base[i] += c; trace.top[i] = 0; });
  } else if (e.event === "expand") {
    const x = bucketOf(trace, e);
    if (layered || e.side === "backward") trace.top[x] += 1;
    else trace.base[x] += 1;
    trace.last[x] = trace.index;
  }
  if (e.bound !== undefined) trace.bound = e.bound;
  if (e.frontier !== undefined) trace.frontier = e.frontier;
  trace.index += 1;
}

function traceStep(count) {
  const trace = state.trace;
  if (!trace) return;
  const end = Math.min(trace.events.length, trace.index + count);
  while (trace.index < end) applyEvent(trace);
  updateTraceChart();
  showTraceCounters();
  if (trace.index >= trace.events.length) {
    stopTrace();
    const last = trace.events[trace.events.length - 1];
    if (last.event === "goal") {
      say("trace_goal", { moves: last.g, expanded: last.expanded }, false, "trace-status");
    } else {
      say("trace_end_cut", { n: trace.events.length, expanded: last.expanded },
        false, "trace-status");
    }
  }
}

function eventsPerTick(trace) {
  const speed = $("trace-speed").value;
  if (speed === "slow") return 1;
  // Normal plays any trace in about nine seconds, fast in about two.
  const ticks = speed === "fast" ? 2000 / TICK_MS : 9000 / TICK_MS;
  return Math.max(1, Math.ceil(trace.events.length / ticks));
}

function toggleTrace() {
  const trace = state.trace;
  if (!trace) return;
  if (state.traceTimer) { stopTrace(); return; }
  if (trace.index >= trace.events.length) {
    resetReplay(trace);
    updateTraceChart();
  }
  state.traceTimer = setInterval(() => traceStep(eventsPerTick(trace)),
    $("trace-speed").value === "slow" ? 150 : TICK_MS);
  renderTracePlayer();
}

function stopTrace() {
  if (state.traceTimer) clearInterval(state.traceTimer);
  state.traceTimer = null;
  renderTracePlayer();
}

function renderTracePlayer() {
  const trace = state.trace;
  $("trace-play").disabled = !trace;
  $("trace-step").disabled = !trace || trace.index >= trace.events.length;
  $("trace-play").textContent = t(state.traceTimer ? "pause" : "play");
}

/** The counters of the replay: the event reached and the search's state then. */
function showTraceCounters() {
  const trace = state.trace;
  const e = trace && trace.index > 0 ? trace.events[trace.index - 1] : null;
  $("c-event").textContent = `${trace ? trace.index.toLocaleString() : 0} / ${trace ? trace.events.length.toLocaleString() : 0}`;
  $("c-kind").textContent = e ? t(`k_${e.event}`) : "–";
  $("c-expanded").textContent = e ? e.expanded.toLocaleString() : "0";
  $("c-frontier").textContent = trace ? trace.frontier.toLocaleString() : "0";
  $("c-bound").textContent = trace && trace.bound !== undefined ? String(trace.bound) : "–";
  $("c-ghf").textContent = e && e.board ? `${e.g} · ${e.h} · ${e.f}` : "–";
  const shown = state.traceHover ?? (e && e.board ? trace.index - 1 : null);
  drawMiniBoard(shown);
}

function drawMiniBoard(index) {
  const trace = state.trace;
  const e = trace && index !== null && index !== undefined ? trace.events[index] : null;
  const board = $("trace-board");
  board.replaceChildren();
  $("trace-board-caption").textContent = "";
  if (!e || !e.board) return;
  const cells = parseCells(e.board);
  board.style.setProperty("--n", e.board.split("/")[0].split(" ").length);
  for (const tile of cells) {
    const cell = document.createElement("div");
    cell.className = tile === 0 ? "mini-blank" : "mini-tile";
    if (tile !== 0) cell.textContent = tile;
    board.append(cell);
  }
  const values = { g: e.g, h: e.h, f: e.f };
  const x = bucketOf(trace, e);
  $("trace-board-caption").textContent = state.traceHover !== null && state.traceHover !== undefined
    ? t("under_cursor", { ...values, x, count: trace.base[x] + trace.top[x] })
    : t("now_expanding", { ...values, kind: t(`k_${e.event}`) });
}

// The trace chart's frame, in CSS pixels; its width follows the panel's.
const CHART = { width: 640, height: 240, left: 44, right: 12, top: 26, bottom: 40 };

/** Draws the empty chart of the loaded trace: axes, legend, one bar pair per bucket. */
function drawTraceChart() {
  const host = $("trace-chart");
  host.replaceChildren();
  const trace = state.trace;
  if (!trace) return;
  CHART.width = Math.max(300, Math.floor(host.clientWidth || 640));
  CHART.height = CHART.width < 480 ? 200 : 240;
  const { width, height, left, right, top, bottom } = CHART;
  const svg = svgEl("svg", { viewBox: `0 0 ${width} ${height}`, role: "img",
    "aria-label": t("trace_title") });
  const plotW = width - left - right, plotH = height - top - bottom;
  const slot = plotW / trace.width;
  trace.bars = [];
  // Grid lines on round numbers: the top is 1, 2 or 5 times a power of ten.
  const lines = trace.tallest / 10 ** Math.floor(Math.log10(trace.tallest)) === 2 ? 4 : 5;
  for (let y = 0; y <= lines; y++) {
    const gy = top + plotH - (y / lines) * plotH;
    svg.append(svgEl("line", { class: "grid", x1: left, x2: left + plotW, y1: gy, y2: gy }));
    svg.append(svgEl("text", { class: "tick", x: left - 4, y: gy + 4, "text-anchor": "end" },
      compact(Math.round((y / lines) * trace.tallest))));
  }
  const labelEvery = Math.ceil(trace.width / Math.max(6, Math.floor(plotW / 26)));
  for (let x = 0; x < trace.width; x++) {
    const bx = left + x * slot;
    const base = svgEl("rect", { class: "bar base", x: bx + 1, width: Math.max(1, slot - 2), y: top + plotH, height: 0 });
    const upper = svgEl("rect", { class: "bar top", x: bx + 1, width: Math.max(1, slot - 2), y: top + plotH, height: 0 });
    const hit = svgEl("rect", { class: "hit", x: bx, width: slot, y: top, height: plotH });
    hit.addEventListener("mouseenter", () => {
      if (trace.last[x] >= 0) { state.traceHover = trace.last[x]; showTraceCounters(); }
    });
    hit.addEventListener("mouseleave", () => { state.traceHover = null; showTraceCounters(); });
    svg.append(base, upper, hit);
    trace.bars.push({ base, upper });
    if (x % labelEvery === 0) {
      const shown = trace.algorithm === "bidirectional" ? Math.min(x, trace.span - x) : x;
      svg.append(svgEl("text", { class: "tick", x: bx + slot / 2, y: top + plotH + 14, "text-anchor": "middle" }, String(Math.max(0, shown))));
    }
  }
  trace.boundLine = svgEl("line", { class: "bound", x1: 0, x2: 0, y1: top - 6, y2: top + plotH, visibility: "hidden" });
  trace.boundText = svgEl("text", { class: "bound-text", x: 0, y: top - 10, "text-anchor": "middle", visibility: "hidden" }, "");
  svg.append(trace.boundLine, trace.boundText);
  const axis = trace.algorithm === "astar" || trace.algorithm === "idastar" ? "axis_f"
    : trace.algorithm === "bidirectional" ? "axis_sides" : "axis_depth";
  svg.append(svgEl("text", { class: "axis", x: left + plotW / 2, y: height - 6, "text-anchor": "middle" }, t(axis)));
  svg.append(svgEl("text", { class: "axis", x: 4, y: 12 }, t("axis_count")));
  const legend = trace.algorithm === "bidirectional" ? ["forward", "backward"]
    : ["idastar", "iddfs"].includes(trace.algorithm) ? ["earlier_iterations", "this_iteration"] : [];
  host.className = `trace-chart ${trace.algorithm}`;
  host.append(svg);
  if (legend.length) {
    const keys = document.createElement("p");
    keys.className = "legend";
    legend.forEach((key, i) => {
      const swatch = document.createElement("span");
      swatch.className = `swatch ${i === 0 ? "base" : "top"}`;
      const text = document.createElement("span");
      text.textContent = t(key);
      keys.append(swatch, text);
    });
    host.append(keys);
  }
  updateTraceChart();
}

/** Sets the bars' heights and the bound line to the replay's state. */
function updateTraceChart() {
  const trace = state.trace;
  if (!trace || !trace.bars) return;
  const { left, right, top, bottom, width, height } = CHART;
  const plotH = height - top - bottom;
  const slot = (width - left - right) / trace.width;
  const scale = plotH / trace.tallest;
  trace.bars.forEach(({ base, upper }, x) => {
    const hb = trace.base[x] * scale, ht = trace.top[x] * scale;
    base.setAttribute("y", top + plotH - hb);
    base.setAttribute("height", hb);
    upper.setAttribute("y", top + plotH - hb - ht);
    upper.setAttribute("height", ht);
  });
  if (trace.bound !== undefined) {
    const bx = left + (trace.bound + 1) * slot;
    for (const el of [trace.boundLine, trace.boundText]) el.setAttribute("visibility", "visible");
    trace.boundLine.setAttribute("x1", bx);
    trace.boundLine.setAttribute("x2", bx);
    trace.boundText.setAttribute("x", Math.min(bx, width - 40));
    trace.boundText.textContent = t("bound_marker", { b: trace.bound });
  }
}

// ---- wiring ----------------------------------------------------------------------------

function setGoal(cells) {
  const n = state.width * state.height;
  const sorted = cells.slice().sort((a, b) => a - b);
  if (cells.length !== n || !sorted.every((v, i) => v === i)) {
    say("goal_needs", { w: state.width, h: state.height, max: n - 1 }, true);
    return false;
  }
  state.goal = cells;
  showGoal();
  forgetSolution();
  render();
  say("goal_set");
  return true;
}

function isFormControl(el) {
  return el && ["INPUT", "SELECT", "TEXTAREA"].includes(el.tagName);
}

function wire() {
  $("size").addEventListener("change", (e) => setSize(e.target.value));
  $("scramble").addEventListener("click", () => scramble());
  $("reset").addEventListener("click", () => { newBoard(state.goal.slice()); say("back_at_goal"); });
  $("solve").addEventListener("click", () => solve());
  $("algorithm").addEventListener("change", syncHeuristic);
  $("play").addEventListener("click", togglePlay);
  $("step").addEventListener("click", () => { stopPlaying(); step(1); });
  $("back").addEventListener("click", () => { stopPlaying(); step(-1); });
  $("compare").addEventListener("click", () => compare());
  $("trace").addEventListener("click", () => runTrace());
  $("trace-play").addEventListener("click", toggleTrace);
  $("trace-step").addEventListener("click", () => { stopTrace(); traceStep(1); });
  $("lang").addEventListener("change", (e) => {
    applyLanguage(e.target.value, true);
    render();
    if (lastTable) drawTable(lastTable);
    if (lastRuns) drawCharts(lastRuns);
    drawTraceChart();
    showTraceCounters();
    renderTracePlayer();
    resay();
  });
  $("board").addEventListener("click", (e) => {
    const tile = e.target.closest(".tile");
    if (!tile) return;
    const letter = moveForCell(Number(tile.dataset.cell));
    if (letter) playerMove(letter);
  });
  document.addEventListener("keydown", (e) => {
    // Arrow keys belong to selects and text fields while they have focus.
    if (isFormControl(document.activeElement) || e.altKey || e.ctrlKey || e.metaKey) return;
    const letter = ARROW_TO_BLANK[e.key];
    if (letter && playerMove(letter)) e.preventDefault();
  });
  $("goal-form").addEventListener("submit", (e) => {
    e.preventDefault();
    setGoal(parseCells($("goal").value));
  });
  $("goal-from-board").addEventListener("click", () => setGoal(state.cells.slice()));
}

// ---- self-test (used by the end-to-end browser tests) ----------------------------------
// `/?selftest=SEED` drives the page as a person would — clicks, a key press — and writes
// the outcome into #selftest, which the tests read from the DOM the browser dumps.

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// What the server's Content-Security-Policy blocked: the page must need nothing it forbids.
const cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  cspViolations.push(`${e.effectiveDirective} blocked ${e.blockedURI || "inline"}`);
});

async function waitFor(what, test, ms = 20000) {
  for (let waited = 0; waited < ms; waited += 50) {
    if (test()) return;
    await sleep(50);
  }
  throw new Error(`timed out waiting for ${what}`);
}

async function selftest(seed) {
  const checks = {};
  const out = document.createElement("pre");
  out.id = "selftest";
  out.hidden = true;
  try {
    // The goal editor: the blank-first goal, typed and submitted; all that follows
    // (scramble, solve, the animation's last board) is against it.
    const blankFirst = state.goal.map((_, i) => i);
    $("goal").value = notation(blankFirst, state.width);
    $("goal-form").requestSubmit();
    checks.goal = sameCells(state.goal, blankFirst);
    $("reset").click();
    // Keyboard: from the goal, ArrowUp slides the tile below the gap (top left) up.
    document.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowUp", bubbles: true }));
    checks.keyboard = !sameCells(state.cells, state.goal);
    $("reset").click();
    checks.reset = sameCells(state.cells, state.goal);
    // Mouse: clicking a tile beside the gap slides it there.
    document.querySelector("#board .tile.movable").click();
    checks.click = !sameCells(state.cells, state.goal);
    $("reset").click();
    const before = state.cells.join(" ");
    await scramble(seed);
    checks.scrambled = state.cells.join(" ") !== before;
    $("solve").click();
    await waitFor("a solution", () => state.solution !== null || $("status").classList.contains("error"));
    checks.solution_moves = state.solution ? state.solution.moves.length : -1;
    // Both notations are shown, and the tile runs add up to the blank's moves.
    const runs = [...$("tile-moves").querySelectorAll("span:not(.label)")].map((e) => e.textContent);
    checks.tile_moves = runs.join("");
    checks.tile_count = runs.reduce((n, run) => n + (run.length > 1 ? Number(run.slice(1)) : 1), 0);
    $("speed").value = "80";
    $("play").click();
    checks.playing = state.timer !== null;
    await waitFor("the animation to end", () => state.timer === null);
    checks.counter = $("counter").textContent;
    checks.ended_on_goal = sameCells(state.cells, state.goal) && $("board").classList.contains("solved");
    await scramble(String(BigInt(seed) + 1n));
    checks.rescrambled = !sameCells(state.cells, state.goal);
    $("compare").click();
    await waitFor("the comparison", () => !$("compare-table").hidden || $("compare-status").classList.contains("error"));
    checks.table_rows = $("compare-table").tBodies[0].rows.length;
    checks.charts = document.querySelectorAll("#charts figure").length;
    checks.bars = document.querySelectorAll("#charts rect.bar").length;
    checks.status = $("status").textContent;
    // Watch the search on this board (BFS, cut at the limit): the screenshots show it.
    $("trace-algorithm").value = "bfs";
    $("trace-speed").value = "fast";
    checks.trace = await playTrace();
    // However narrow the page, no two labels of a chart run into each other.
    checks.overlaps = overlappingText("#charts svg, #trace-chart svg");
    checks.lang = lang;
    checks.untranslated = lang === "en" ? [] : untranslated();
    checks.checker_works = checkerWorks();
    checks.csp_violations = cspViolations;
    checks.pass = cspViolations.length === 0 && checks.goal && checks.keyboard && checks.click && checks.reset && checks.scrambled && checks.ended_on_goal &&
      checks.rescrambled &&
      checks.solution_moves > 0 && checks.tile_count === checks.solution_moves &&
      checks.table_rows > 0 && checks.charts === 3 &&
      checks.bars === 3 * checks.table_rows && checks.trace.events > 0 &&
      checks.overlaps.length === 0 && checks.untranslated.length === 0 && checks.checker_works;
  } catch (e) {
    checks.error = String(e.message || e);
    checks.pass = false;
  }
  out.textContent = JSON.stringify(checks);
  document.body.append(out);
  document.title = checks.pass ? "selftest: pass" : "selftest: FAIL";
}

/** Pairs of texts drawn over each other in the charts `selector` finds, as "a × b". */
function overlappingText(selector) {
  const found = [];
  for (const svg of document.querySelectorAll(selector)) {
    const texts = [...svg.querySelectorAll("text")]
      .filter((el) => el.textContent.trim() && el.getAttribute("visibility") !== "hidden")
      .map((el) => ({ text: el.textContent, box: el.getBoundingClientRect() }));
    texts.forEach((a, i) => {
      for (const b of texts.slice(i + 1)) {
        const across = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const down = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (across > 0.5 && down > 0.5) found.push(`${a.text} × ${b.text}`);
      }
    });
  }
  return found;
}

/** Traces the current board with the chosen search and plays it to the end: what the
 * counters and the status line then show. */
async function playTrace() {
  $("trace").click();
  await waitFor("a trace", () => state.trace !== null || $("trace-status").classList.contains("error"));
  if (!state.trace) return { error: $("trace-status").textContent, events: 0 };
  $("trace-play").click();
  await waitFor("the replay to end", () => state.traceTimer === null, 60000);
  const trace = state.trace;
  const last = trace.events[trace.events.length - 1];
  // The pointer over the tallest bar shows the last board expanded there.
  const tallest = trace.base.map((c, x) => c + trace.top[x]).reduce((best, c, x, all) => (c > all[best] ? x : best), 0);
  const hit = document.querySelectorAll("#trace-chart rect.hit")[tallest];
  hit.dispatchEvent(new MouseEvent("mouseenter"));
  const hovered = trace.events[trace.last[tallest]];
  const hover = {
    board: $("trace-board").textContent === parseCells(hovered.board).filter((v) => v !== 0).join(""),
    caption: $("trace-board-caption").textContent,
  };
  hit.dispatchEvent(new MouseEvent("mouseleave"));
  const drawn = trace.base.concat(trace.top).reduce((a, b) => a + b, 0);
  return {
    events: trace.events.length,
    index: trace.index,
    last_event: last.event,
    last_expanded: last.expanded,
    truncated: trace.truncated,
    counter_event: $("c-event").textContent,
    counter_expanded: $("c-expanded").textContent,
    counter_bound: $("c-bound").textContent,
    // Every expansion is in exactly one bar.
    bars_total: drawn,
    expand_events: trace.events.filter((e) => e.event === "expand").length,
    status: $("trace-status").textContent,
    bound_lines: document.querySelectorAll("#trace-chart line.bound[visibility=visible]").length,
    hover,
  };
}

/** Text the reader sees that is still in English: every text node (and aria-label, and
 * the title) compared with the English catalogue. Strings the two languages share (A*,
 * "f = g + h", numbers) are not English. */
function untranslated() {
  const english = [];
  for (const [key, text] of Object.entries(CATALOGUE.en)) {
    if (CATALOGUE.zh[key] === text) continue;
    for (const piece of text.split(/\{[^}]*\}/)) {
      const trimmed = piece.trim();
      if (/[A-Za-z]{2,}/.test(trimmed)) english.push(trimmed);
    }
  }
  const found = [];
  const check = (text, where) => {
    const trimmed = text.trim();
    if (!trimmed) return;
    for (const piece of english) {
      const whole = trimmed === piece;
      // Inside longer text, as whole words: "puzzle" is English, "npuzzle" a name.
      const inside = /[A-Za-z]{4,}/.test(piece) && piece.length >= 6 && trimmed.includes(piece) &&
        new RegExp(`(^|[^A-Za-z])${piece.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^A-Za-z])`).test(trimmed);
      if (whole || inside) { found.push(`${where}: ${trimmed} [${piece}]`); return; }
    }
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    // Code, the self-test's own output and the other language's name are not prose.
    if (parent.closest("code, script, #selftest, [lang]:not(html)")) continue;
    check(node.textContent, parent.id || parent.tagName.toLowerCase());
  }
  for (const el of document.querySelectorAll("[aria-label]")) check(el.getAttribute("aria-label"), "aria-label");
  check(document.title, "title");
  return found;
}

/** Whether `untranslated` finds English where there is some: a label from the English
 * catalogue, shown for a moment. */
function checkerWorks() {
  const probe = document.createElement("p");
  probe.textContent = CATALOGUE.en.compare_button;
  document.body.append(probe);
  const caught = untranslated().some((found) => found.includes(CATALOGUE.en.compare_button));
  probe.remove();
  return caught;
}

// `/?tracetest=ALGORITHM` traces a fixed board with that search and plays it to the goal.
const TRACE_TEST_BOARD = [3, 2, 0, 1, 5, 4, 7, 8, 6];
async function tracetest(algorithm) {
  let checks = {};
  const out = document.createElement("pre");
  out.id = "selftest";
  out.hidden = true;
  try {
    newBoard(parseCells(query.get("board") || notation(TRACE_TEST_BOARD, 3)));
    $("trace-algorithm").value = algorithm;
    $("heuristic").value = "manhattan";
    $("trace-speed").value = "fast";
    checks = await playTrace();
    checks.board = notation(state.cells, state.width);
    checks.lang = lang;
    checks.untranslated = lang === "en" ? [] : untranslated();
    checks.checker_works = checkerWorks();
    checks.csp_violations = cspViolations;
    checks.pass = checks.checker_works && checks.hover.board && checks.last_event === "goal" && checks.index === checks.events &&
      checks.bars_total === checks.expand_events && checks.untranslated.length === 0 &&
      cspViolations.length === 0;
  } catch (e) {
    checks.error = String(e.message || e);
    checks.pass = false;
  }
  out.textContent = JSON.stringify(checks);
  document.body.append(out);
  document.title = checks.pass ? "selftest: pass" : "selftest: FAIL";
}

// `/?solvetest=BOARD` solves BOARD through the page with every algorithm of the menu (or
// those listed in `&algorithms=`), the heuristic menu left as it is, and reads what the
// page shows; then a board one move from the goal, and a comparison on a board that
// cannot reach the goal. It also notes the heading of every size in both languages.
async function solvetest(boardText) {
  let checks = {};
  const out = document.createElement("pre");
  out.id = "selftest";
  out.hidden = true;
  try {
    checks.labels = labelsInEachLanguage();
    const cells = parseCells(boardText);
    const side = Math.round(Math.sqrt(cells.length));
    $("size").value = `${side}x${side}`;
    setSize($("size").value);
    const asked = query.get("algorithms");
    const algorithms = asked ? asked.split(",") : [...$("algorithm").options].map((o) => o.value);
    checks.solves = [];
    for (const algorithm of algorithms) {
      newBoard(cells.slice());
      checks.solves.push(await solveWith(algorithm));
    }
    // One move from the goal: every count on the way says "1 move", not "1 moves".
    newBoard(moved(state.goal, "l"));
    const one = await solveWith("bfs");
    $("trace-algorithm").value = "bfs";
    $("trace-speed").value = "fast";
    one.trace = (await playTrace()).status;
    $("step").click();
    one.reached = $("status").textContent;
    checks.one_move = one;
    // Tiles 1 and 2 swapped: no search can reach the goal, so there is nothing to chart.
    const swapped = state.goal.slice();
    [swapped[0], swapped[1]] = [swapped[1], swapped[0]];
    newBoard(swapped);
    $("compare").click();
    await waitFor("the comparison", () => !state.busy);
    checks.unsolvable_compare = {
      status: $("compare-status").textContent,
      error: $("compare-status").classList.contains("error"),
      charts: $("charts").childElementCount,
      table_hidden: $("compare-table").hidden,
    };
    checks.lang = lang;
    checks.untranslated = lang === "en" ? [] : untranslated();
    checks.checker_works = checkerWorks();
    checks.csp_violations = cspViolations;
    checks.pass = checks.solves.every((r) => !r.error && r.shown_length === r.reported.length) &&
      checks.unsolvable_compare.charts === 0 && checks.untranslated.length === 0 &&
      checks.checker_works && cspViolations.length === 0;
  } catch (e) {
    checks.error = String(e.message || e);
    checks.pass = false;
  }
  out.textContent = JSON.stringify(checks);
  document.body.append(out);
  document.title = checks.pass ? "selftest: pass" : "selftest: FAIL";
}

/** Chooses `algorithm` in the menu as a reader would, presses Solve, and returns what
 * the page then shows: the counter, the status line, the length the counter gives, and
 * the answer it showed them from. */
async function solveWith(algorithm) {
  $("algorithm").value = algorithm;
  $("algorithm").dispatchEvent(new Event("change"));
  $("solve").click();
  await waitFor(`an answer from ${algorithm}`, () => !state.busy);
  const counter = $("counter").textContent;
  const report = state.report;
  return {
    algorithm,
    heuristic_menu: $("heuristic").disabled ? "disabled" : $("heuristic").value,
    counter,
    status: $("status").textContent,
    error: $("status").classList.contains("error"),
    // The counter's total ("move 0 / 20", "第 0 / 20 步").
    shown_length: Number(counter.split("/").pop().replace(/\D/g, "")),
    how: report ? label(report) : null,
    reported: report && { algorithm: report.algorithm, heuristic: report.heuristic, length: report.length },
  };
}

/** What the page calls each size of the menu, and the depth menu's label beside the
 * Scramble button, in every language; the page is left as it was. */
function labelsInEachLanguage() {
  const [wasLang, wasSize] = [lang, $("size").value];
  const seen = {};
  for (const each of LANGUAGES) {
    applyLanguage(each, false);
    seen[each] = {
      depth: $("depth").closest("label").querySelector("span").textContent,
      scramble: $("scramble").textContent,
    };
    for (const option of $("size").options) {
      setSize(option.value);
      seen[each][option.value] = $("play-title").textContent;
    }
  }
  applyLanguage(wasLang, false);
  setSize(wasSize);
  return seen;
}

wire();
applyLanguage(chosenLanguage(), new URLSearchParams(location.search).has("lang"));
const query = new URLSearchParams(location.search);
// `/?size=4x4&depth=25` opens with those choices (any of the ones offered).
for (const name of ["size", "depth"]) {
  if ([...$(name).options].some((o) => o.value === query.get(name))) $(name).value = query.get(name);
}
setSize($("size").value);
// A browser that restores form fields on reload may bring back an algorithm that takes
// no heuristic.
syncHeuristic();
const selftestSeed = query.get("selftest");
if (selftestSeed !== null) selftest(selftestSeed);
const traceTest = query.get("tracetest");
if (traceTest !== null) tracetest(traceTest);
const solveTest = query.get("solvetest");
if (solveTest !== null) solvetest(solveTest);
