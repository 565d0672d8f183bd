//! Trains the beam's network ranking (`npuzzle::solving::network_ranking`) by approximate
//! value iteration, as DeepCubeA trained its estimate (Agostinelli et al., 2019), compiled
//! and on CPU: each step takes 4,096 boards from lazy random walks back from the goal (a
//! walker restarts from the goal after a walk of up to MAX-WALK steps drawn afresh, and
//! moves 1 to `hop` steps between samples), sets each board's target to one plus the least
//! value of its children under a copy of the network renewed every `refresh` steps (the
//! goal worth 0), and moves the network towards the targets by Adam. Starts near linear
//! conflicts' ranking (their weight 1, the rest small and random). Deterministic: seeded walkers, gradients summed in a fixed
//! order. Writes the weights every 500 steps and at the end. `scripts/train-ranking.sh`
//! runs it as the shipped weights were made.
//!
//! ```sh
//! cargo run --release --example davi_train -- 6x6 60000 4096 1000 ranking-6x6.net
//! # then, at a fixed width, side by side with linear conflicts:
//! cargo run --release --example beam_paths -- 16384 ranking-6x6.net < data/deepcubea/deepcubea35-dev.txt
//! ```

use std::time::Instant;

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rayon::prelude::*;

use npuzzle::fast_idastar::{Estimate, FastBoard, LinearConflict};
use npuzzle::solving::network_ranking::{NetworkRanking, NetworkWeights, HIDDEN};
use npuzzle::{Board, Size};

#[derive(Clone)]
struct Net {
    cells: usize,
    /// `w1[tile * cells + cell]`.
    w1: Vec<[f32; HIDDEN]>,
    b1: [f32; HIDDEN],
    w2: [f32; HIDDEN],
    /// Weight of the linear-conflict estimate, bias, weight of the conflict count.
    a: f32,
    c: f32,
    d: f32,
}

impl Net {
    fn new(cells: usize, rng: &mut StdRng) -> Net {
        let mut w1 = vec![[0.0; HIDDEN]; cells * cells];
        for row in &mut w1 {
            for w in row.iter_mut() {
                *w = rng.gen_range(-0.1..0.1);
            }
        }
        let mut w2 = [0.0; HIDDEN];
        for w in &mut w2 {
            *w = rng.gen_range(-0.1..0.1);
        }
        Net {
            cells,
            w1,
            b1: [0.5; HIDDEN],
            w2,
            a: 1.0,
            c: 0.0,
            d: 0.0,
        }
    }

    fn zero_like(&self) -> Net {
        Net {
            cells: self.cells,
            w1: vec![[0.0; HIDDEN]; self.w1.len()],
            b1: [0.0; HIDDEN],
            w2: [0.0; HIDDEN],
            a: 0.0,
            c: 0.0,
            d: 0.0,
        }
    }

    fn acc(&self, board: &FastBoard) -> [f32; HIDDEN] {
        let mut acc = self.b1;
        for cell in 0..self.cells {
            let t = board.tiles[cell] as usize;
            if t != 0 {
                for (a, w) in acc.iter_mut().zip(&self.w1[t * self.cells + cell]) {
                    *a += w;
                }
            }
        }
        acc
    }

    fn out(&self, acc: &[f32; HIDDEN], lc: f32, conf: f32) -> f32 {
        let hidden: f32 = acc.iter().zip(&self.w2).map(|(a, w)| a.max(0.0) * w).sum();
        hidden + self.a * lc + self.d * conf + self.c
    }

    fn add_scaled(&mut self, other: &Net, k: f32) {
        for (r, o) in self.w1.iter_mut().zip(&other.w1) {
            for (x, y) in r.iter_mut().zip(o) {
                *x += k * y;
            }
        }
        for (x, y) in self.b1.iter_mut().zip(&other.b1) {
            *x += k * y;
        }
        for (x, y) in self.w2.iter_mut().zip(&other.w2) {
            *x += k * y;
        }
        self.a += k * other.a;
        self.c += k * other.c;
        self.d += k * other.d;
    }

    fn flat_mut(&mut self) -> Vec<&mut f32> {
        let mut v: Vec<&mut f32> = Vec::new();
        for r in &mut self.w1 {
            v.extend(r.iter_mut());
        }
        v.extend(self.b1.iter_mut());
        v.extend(self.w2.iter_mut());
        v.push(&mut self.a);
        v.push(&mut self.c);
        v.push(&mut self.d);
        v
    }

    /// As the library reads them: the first layer by home cell (tile `t` is at home on
    /// cell `t - 1` of the standard goal).
    fn weights(&self, size: Size) -> NetworkWeights {
        let mut first = Vec::with_capacity(self.cells * (self.cells - 1));
        for tile in 1..self.cells {
            first.extend_from_slice(&self.w1[tile * self.cells..(tile + 1) * self.cells]);
        }
        NetworkWeights {
            size,
            estimate: self.a,
            bias: self.c,
            conflicts: self.d,
            hidden_bias: self.b1,
            output: self.w2,
            first,
        }
    }

    fn write(&self, path: &str, size: Size) -> std::io::Result<()> {
        std::fs::write(path, self.weights(size).to_bytes())
    }
}

struct Walker {
    board: FastBoard,
    left: u32,
    rng: StdRng,
}

struct Shape {
    width: usize,
    height: usize,
    cells: usize,
    goal: FastBoard,
    max_walk: u32,
}

impl Shape {
    fn neighbours(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        let (r, c) = (cell / self.width, cell % self.width);
        [
            (c > 0).then(|| cell - 1),
            (c + 1 < self.width).then(|| cell + 1),
            (r + 1 < self.height).then(|| cell + self.width),
            (r > 0).then(|| cell - self.width),
        ]
        .into_iter()
        .flatten()
    }

    fn reset(&self, w: &mut Walker) {
        w.board = self.goal.clone();
        w.left = w.rng.gen_range(0..=self.max_walk);
    }

    fn lazy_steps(&self, w: &mut Walker, steps: u32) {
        for _ in 0..steps {
            if w.left == 0 {
                self.reset(w);
                continue;
            }
            w.left -= 1;
            let blank = w.board.pos[0] as usize;
            let (r, c) = (blank / self.width, blank % self.width);
            let to = match w.rng.gen_range(0..4) {
                0 if c > 0 => blank - 1,
                1 if c + 1 < self.width => blank + 1,
                2 if r + 1 < self.height => blank + self.width,
                3 if r > 0 => blank - self.width,
                _ => continue,
            };
            w.board.slide(blank, to);
        }
    }
}

/// Adds one board's gradient of half the squared error to `grad`; returns the error.
fn learn_one(
    shape: &Shape,
    lines: &LinearConflict,
    net: &Net,
    target: &NetworkRanking,
    board: &FastBoard,
    grad: &mut Net,
) -> f32 {
    let node = lines.init(board);
    if lines.is_goal(&node) {
        return 0.0;
    }
    // The children under the target network, evaluated as the beam ranks them.
    let ranked = target.init(board);
    let blank = board.pos[0] as usize;
    let mut best = f32::INFINITY;
    let mut child = board.clone();
    for to in shape.neighbours(blank) {
        let tile = child.slide(blank, to);
        let ranked_child = target.step(&ranked, &child, tile, to, blank);
        let value = if target.is_goal(&ranked_child) {
            0.0
        } else {
            target.expected(&ranked_child).max(0.0)
        };
        child.slide(to, blank);
        best = best.min(value);
    }
    let y = 1.0 + best;
    let acc = net.acc(board);
    let (lc, conf) = (lines.value(&node) as f32, node.conflicts() as f32);
    let out = net.out(&acc, lc, conf);
    let e = out - y;
    grad.a += e * lc;
    grad.d += e * conf;
    grad.c += e;
    let mut dh = [0.0f32; HIDDEN];
    for i in 0..HIDDEN {
        if acc[i] > 0.0 {
            grad.w2[i] += e * acc[i];
            dh[i] = e * net.w2[i];
        }
    }
    for (b, d) in grad.b1.iter_mut().zip(&dh) {
        *b += d;
    }
    for cell in 0..shape.cells {
        let t = board.tiles[cell] as usize;
        if t != 0 {
            let g = &mut grad.w1[t * shape.cells + cell];
            for (w, d) in g.iter_mut().zip(&dh) {
                *w += d;
            }
        }
    }
    e * e
}

/// Refuses settings the training cannot run with.
fn check(size: Size, steps: usize, batch: usize, refresh: usize, hop: u32) -> Result<(), String> {
    if !npuzzle::solving::beam::fits(size) {
        return Err(format!(
            "{size}: the beam ranks boards of at most 64 cells and 8 a side"
        ));
    }
    if steps == 0 || batch == 0 || refresh == 0 || hop == 0 {
        return Err("STEPS, BATCH, refresh and hop must be at least 1".into());
    }
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [size, steps, batch, max_walk, out, rest @ ..] = args.as_slice() else {
        return Err("usage: davi_train WxH STEPS BATCH MAX-WALK OUT [lr] [refresh] [hop]".into());
    };
    let size: Size = size.parse()?;
    let (steps, batch, max_walk): (usize, usize, u32) =
        (steps.parse()?, batch.parse()?, max_walk.parse()?);
    let lr: f32 = rest.first().map_or(Ok(1e-3), |s| s.parse())?;
    let refresh: usize = rest.get(1).map_or(Ok(50), |s| s.parse())?;
    let hop: u32 = rest.get(2).map_or(Ok(8), |s| s.parse())?;
    check(size, steps, batch, refresh, hop)?;
    let goal = Board::goal(size);
    let shape = Shape {
        width: size.width(),
        height: size.height(),
        cells: size.cells(),
        goal: FastBoard::new(&goal),
        max_walk,
    };
    let lines = LinearConflict::new(&goal);
    let mut rng = StdRng::seed_from_u64(1);
    let mut net = Net::new(shape.cells, &mut rng);
    let mut target = NetworkRanking::new(&goal, net.weights(size));
    let mut walkers: Vec<Walker> = (0..batch)
        .map(|i| {
            let mut w = Walker {
                board: shape.goal.clone(),
                left: 0,
                rng: StdRng::seed_from_u64(1000 + i as u64),
            };
            shape.reset(&mut w);
            let warm = w.rng.gen_range(0..=max_walk);
            shape.lazy_steps(&mut w, warm);
            w
        })
        .collect();
    let (mut m, mut v) = (net.zero_like(), net.zero_like());
    let (b1, b2, eps) = (0.9f32, 0.999f32, 1e-8f32);
    let began = Instant::now();
    // A fixed chunk, not one per thread: the sums do not depend on the machine.
    let chunk = 512;
    let mut loss_sum = 0.0f64;
    for step in 1..=steps {
        let (grad, loss) = walkers
            .par_chunks_mut(chunk)
            .map(|ws| {
                let mut grad = net.zero_like();
                let mut loss = 0.0f64;
                for w in ws {
                    let hops = w.rng.gen_range(1..=hop);
                    shape.lazy_steps(w, hops);
                    loss += f64::from(learn_one(
                        &shape, &lines, &net, &target, &w.board, &mut grad,
                    ));
                }
                (grad, loss)
            })
            .collect::<Vec<_>>()
            .into_iter()
            // Summed in chunk order whatever the threads did: the same weights every run.
            .reduce(|(mut g, l), (h, k)| {
                g.add_scaled(&h, 1.0);
                (g, l + k)
            })
            .expect("a chunk");
        loss_sum += loss / batch as f64;
        // Adam.
        let mut grad = grad;
        let scale = 1.0 / batch as f32;
        let (c1, c2) = (1.0 - b1.powi(step as i32), 1.0 - b2.powi(step as i32));
        for (((p, g), mm), vv) in net
            .flat_mut()
            .into_iter()
            .zip(grad.flat_mut())
            .zip(m.flat_mut())
            .zip(v.flat_mut())
        {
            let g = *g * scale;
            *mm = b1 * *mm + (1.0 - b1) * g;
            *vv = b2 * *vv + (1.0 - b2) * g * g;
            *p -= lr * (*mm / c1) / ((*vv / c2).sqrt() + eps);
        }
        if step % refresh == 0 {
            target = NetworkRanking::new(&goal, net.weights(size));
        }
        if step % 500 == 0 {
            eprintln!(
                "step {step}: loss {:.3}, a {:.3} c {:.3} d {:.3}, {:.0} s",
                loss_sum / 500.0,
                net.a,
                net.c,
                net.d,
                began.elapsed().as_secs_f64()
            );
            loss_sum = 0.0;
            net.write(out, size)?;
        }
    }
    net.write(out, size)?;
    Ok(())
}
