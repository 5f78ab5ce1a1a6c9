//! Rules facts: who moves first, how men and kings move and capture, what may be jumped, the
//! majority rule, the draw rules and how a game is lost. Each statement's truth comes from a
//! probe in [`probes`](super::probes): a small position the engine is asked about, or a game
//! played until the engine declares it drawn.

use super::build::{blanks, choice, Choice, Draft, Fill, Order};
use super::probes;
use super::{Ctx, Family, Question, QuestionType, Topic};
use crate::position::Position;
use crate::render::i18n::Lang;
use crate::square::Color;
use rand::seq::SliceRandom;
use rand::Rng;

use QuestionType::{Blank, Multi, Single};

pub(crate) const FAMILIES: &[Family] = &[
    Family {
        name: "first_move",
        topic: Topic::Rules,
        kinds: &[Single, Blank],
        make: first_move,
    },
    Family {
        name: "man_moves",
        topic: Topic::Rules,
        kinds: &[Single],
        make: man_moves,
    },
    Family {
        name: "numbering",
        topic: Topic::Rules,
        kinds: &[Single],
        make: numbering,
    },
    Family {
        name: "king_facts",
        topic: Topic::Rules,
        kinds: &[Single, Multi],
        make: king_facts,
    },
    Family {
        name: "man_captures",
        topic: Topic::Rules,
        kinds: &[Single, Multi],
        make: man_captures,
    },
    Family {
        name: "jumping",
        topic: Topic::Rules,
        kinds: &[Blank],
        make: jumping,
    },
    Family {
        name: "draw_rules",
        topic: Topic::Rules,
        kinds: &[Single, Blank],
        make: draw_rules,
    },
    Family {
        name: "losing",
        topic: Topic::Rules,
        kinds: &[Single, Multi],
        make: losing,
    },
    Family {
        name: "majority_king",
        topic: Topic::Rules,
        kinds: &[Single],
        make: majority_king,
    },
    Family {
        name: "passing_promotion",
        topic: Topic::Rules,
        kinds: &[Single],
        make: passing_promotion,
    },
    Family {
        name: "removal",
        topic: Topic::Rules,
        kinds: &[Single],
        make: removal,
    },
];

/// A statement: its stable name, whether it is true, and its text in both languages.
pub(crate) struct Statement {
    pub key: &'static str,
    pub truth: bool,
    pub en: &'static str,
    pub zh: &'static str,
}

impl Statement {
    fn text(&self, lang: Lang) -> String {
        match lang {
            Lang::English => self.en.to_string(),
            Lang::Chinese => self.zh.to_string(),
        }
    }
}

/// A choice question on statements: "which is true" (or, when `ask_false`, "which is false").
fn statements(
    ctx: &mut Ctx,
    kind: QuestionType,
    draft: Draft,
    pool: &[Statement],
    ask_false: bool,
) -> Option<Question> {
    let lang = ctx.lang;
    let (right, wrong): (Vec<Choice>, Vec<Choice>) = pool
        .iter()
        .map(|s| Choice::new(s.text(lang), s.key, s.truth != ask_false))
        .partition(|c| c.right);
    choice(ctx, kind, draft, right, wrong, Order::Shuffle)
}

fn first_move(ctx: &mut Ctx, kind: QuestionType) -> Option<Question> {
    let first = probes::first_to_move();
    let lang = ctx.lang;
    let explanation = match (lang, first) {
        (Lang::English, _) => format!("In the starting position {first} moves first."),
        (Lang::Chinese, Color::White) => "开局由白方先走。".to_string(),
        (Lang::Chinese, Color::Black) => "开局由黑方先走。".to_string(),
    };
    if kind == Blank {
        let prompt = tr!(
            lang,
            "In international draughts, ____ moves first.",
            "百格国际跳棋开局由____方先走。"
        );
        let fill = match first {
            Color::White => Fill::text(
                tr!(lang, "White", "白"),
                &[
                    "white",
                    "白",
                    "白方",
                    "白棋",
                    "执白",
                    "执白者",
                    "the white player",
                ],
                1,
            ),
            Color::Black => Fill::text(
                tr!(lang, "Black", "黑"),
                &[
                    "black",
                    "黑",
                    "黑方",
                    "黑棋",
                    "执黑",
                    "执黑者",
                    "the black player",
                ],
                1,
            ),
        };
        return blanks(
            Draft::new("first_move", Topic::Rules, prompt).explain(explanation),
            vec![fill],
        );
    }
    let prompt = tr!(
        lang,
        "Who makes the first move of a game? ____",
        "一局棋由哪一方先走？____"
    );
    let pool = [
        Statement {
            key: "white",
            truth: first == Color::White,
            en: "White",
            zh: "白方",
        },
        Statement {
            key: "black",
            truth: first == Color::Black,
            en: "Black",
            zh: "黑方",
        },
        Statement {
            key: "lot",
            truth: false,
            en: "The player chosen by lot",
            zh: "抽签决定的一方",
        },
        Statement {
            key: "younger",
            truth: false,
            en: "The younger player",
            zh: "年龄较小的一方",
        },
    ];
    statements(
        ctx,
        kind,
        Draft::new("first_move", Topic::Rules, prompt).explain(explanation),
        &pool,
        false,
    )
}

fn man_moves(ctx: &mut Ctx, kind: QuestionType) -> Option<Question> {
    let quiet_back = probes::man_quiet_backward();
    let capture_back = probes::man_captures(false);
    if !probes::man_quiet_forward() || !probes::man_captures(true) {
        return None;
    }
    let pool = [
        Statement {
            key: "quiet_forward_capture_both",
            truth: !quiet_back && capture_back,
            en: "Without capturing it moves only forwards; when capturing it may go forwards or backwards.",
            zh: "不吃子时只能前进不能后退，吃子时可以前进也可以后退",
        },
        Statement {
            key: "quiet_both_capture_forward",
            truth: quiet_back && !capture_back,
            en: "Without capturing it may move forwards or backwards; when capturing only forwards.",
            zh: "不吃子时可以前进也可以后退，吃子时只能前进不能后退",
        },
        Statement {
            key: "forward_only",
            truth: !quiet_back && !capture_back,
            en: "It moves only forwards, both when capturing and when not.",
            zh: "不吃子和吃子时都只能前进不能后退",
        },
        Statement {
            key: "both_always",
            truth: quiet_back && capture_back,
            en: "It may move forwards or backwards, both when capturing and when not.",
            zh: "不吃子和吃子时都可以前进也可以后退",
        },
    ];
    let lang = ctx.lang;
    let prompt = tr!(
        lang,
        "Which statement about how a man moves is true? ____",
        "下列关于普通棋子走法的说法中正确的是____。"
    );
    let explanation = tr!(
        lang,
        "A man steps forwards only, but captures forwards and backwards.",
        "普通棋子不吃子时只能向前走，吃子时可以向前也可以向后。"
    );
    statements(
        ctx,
        kind,
        Draft::new("man_moves", Topic::Rules, prompt).explain(explanation),
        &pool,
        false,
    )
}

fn numbering(ctx: &mut Ctx, kind: QuestionType) -> Option<Question> {
    let quiet = probes::white_quiet_to_smaller();
    let captures = probes::white_captures_to_smaller();
    let pool = [
        Statement {
            key: "quiet_white_smaller",
            truth: quiet == Some(true),
            en: "Without capturing, White's men only go from larger to smaller numbers, and Black's from smaller to larger.",
            zh: "不吃子时，白方棋子只能从大编号格走到小编号格，黑方棋子只能从小编号格走到大编号格",
        },
        Statement {
            key: "quiet_white_larger",
            truth: quiet == Some(false),
            en: "Without capturing, White's men only go from smaller to larger numbers, and Black's from larger to smaller.",
            zh: "不吃子时，白方棋子只能从小编号格走到大编号格，黑方棋子只能从大编号格走到小编号格",
        },
        Statement {
            key: "capture_white_smaller",
            truth: captures == Some(true),
            en: "When capturing, White's men only go from larger to smaller numbers, and Black's from smaller to larger.",
            zh: "吃子时，白方棋子只能从大编号格走到小编号格，黑方棋子只能从小编号格走到大编号格",
        },
        Statement {
            key: "capture_white_larger",
            truth: captures == Some(false),
            en: "When capturing, White's men only go from smaller to larger numbers, and Black's from larger to smaller.",
            zh: "吃子时，白方棋子只能从小编号格走到大编号格，黑方棋子只能从大编号格走到小编号格",
        },
    ];
    let lang = ctx.lang;
    let prompt = tr!(
        lang,
        "Which statement is true? ____",
        "下列说法中正确的是____。"
    );
    let explanation = tr!(
        lang,
        "White's men step towards square 1, Black's towards square 50; captures go both ways.",
        "白方普通棋子向 1 号格方向走，黑方向 50 号格方向走；吃子时两个方向都可以。"
    );
    statements(
        ctx,
        kind,
        Draft::new("numbering", Topic::Rules, prompt).explain(explanation),
        &pool,
        false,
    )
}

fn king_pool() -> Vec<Statement> {
    let distance = probes::king_captures_at_distance();
    let anywhere = probes::king_lands_anywhere();
    let flies = probes::king_flies();
    let removed_after = probes::removed_after_capture().unwrap_or(true);
    vec![
        Statement {
            key: "at_distance",
            truth: distance,
            en: "A king may capture a piece that is not next to it.",
            zh: "王棋吃子时对方的棋子可以与王棋不相邻",
        },
        Statement {
            key: "any_landing",
            truth: anywhere,
            en: "After capturing, a king may stop on any free square behind the captured piece.",
            zh: "王棋吃子后可以停在被吃棋子后面的任一空格上",
        },
        Statement {
            key: "unique_landing",
            truth: !anywhere,
            en: "After capturing, a king always stops on the square right behind the captured piece.",
            zh: "王棋吃子后能占据的空格是唯一的",
        },
        Statement {
            key: "one_step",
            truth: !flies,
            en: "A king moves only one square at a time.",
            zh: "王棋每次只能走一格",
        },
        Statement {
            key: "flies",
            truth: flies,
            en: "A king may move several squares along a diagonal in one move.",
            zh: "王棋可以沿斜线一次走多格",
        },
        Statement {
            key: "turns",
            truth: probes::king_turns(),
            en: "During a multiple capture a king may turn onto another diagonal.",
            zh: "在多重连续吃子中，王棋可以转到另一条斜线上继续吃子",
        },
        Statement {
            key: "backward",
            truth: probes::king_captures_backward(),
            en: "A king may capture backwards.",
            zh: "王棋可以向后吃子",
        },
        Statement {
            key: "own",
            truth: probes::jumps_own_pieces(),
            en: "A king may jump over a piece of its own colour.",
            zh: "王棋可以跳过己方的棋子",
        },
        Statement {
            key: "removed_at_once",
            truth: !removed_after,
            en: "Each piece a king captures is taken off at once, before the king jumps the next one.",
            zh: "王棋每吃掉一个棋子，都要立即把它从棋盘上拿走，再跳下一个",
        },
        Statement {
            key: "wider",
            truth: distance && !probes::man_captures_on_edge(),
            en: "A king can reach pieces to capture that a man could not.",
            zh: "王棋的吃子范围大于普通棋子",
        },
    ]
}

fn king_facts(ctx: &mut Ctx, kind: QuestionType) -> Option<Question> {
    let lang = ctx.lang;
    let ask_false = kind == Single && ctx.rng.gen_ratio(1, 3);
    let prompt = match (kind, ask_false) {
        (Single, false) => tr!(
            lang,
            "Which statement about a king is true? ____",
            "下列关于王棋的说法中正确的是____。"
        ),
        (Single, true) => tr!(
            lang,
            "Which statement about a king's capture is false? ____",
            "下列关于王棋吃子的说法中错误的是____。"
        ),
        _ => tr!(
            lang,
            "Which statements about kings are true? ____",
            "下列关于王棋的说法中正确的有____。"
        ),
    };
    let explanation = tr!(
        lang,
        "A king flies along the diagonals, captures at a distance, forwards and backwards, may stop on any free square behind the piece it takes and may turn during a multiple capture; captured pieces are removed only at the end.",
        "王棋沿斜线可走多格，可以远距离吃子，前后都可以吃，吃子后可停在被吃棋子后面的任一空格，连续吃子时可以转向；被吃的棋子在吃子结束后才拿走。"
    );
    statements(
        ctx,
        kind,
        Draft::new("king_facts", Topic::Rules, prompt).explain(explanation),
        &king_pool(),
        ask_false,
    )
}

/// Whether a man may take any opponent's piece next to it (no: the square behind must be free).
fn adjacent_always_capturable() -> bool {
    // 23 is next to 28, but 19 behind it is taken.
    "W:W28:B23,19"
        .parse::<Position>()
        .is_ok_and(|p| p.legal_moves().iter().any(|m| m.is_capture()))
}

/// Whether a man that captures stops on the square right behind the piece it took.
fn man_lands_behind() -> bool {
    "W:W28:B23".parse::<Position>().is_ok_and(|p| {
        p.legal_moves()
            .iter()
            .all(|m| m.is_capture() && m.to().number() == 19)
    })
}

fn man_captures(ctx: &mut Ctx, kind: QuestionType) -> Option<Question> {
    let pool = [
        Statement {
            key: "backward",
            truth: probes::man_captures(false),
            en: "A man may capture backwards.",
            zh: "普通棋子可以向后吃子",
        },
        Statement {
            key: "forward_only",
            truth: !probes::man_captures(false),
            en: "A man may capture only forwards.",
            zh: "普通棋子只能向前吃子",
        },
        Statement {
            key: "edge",
            truth: probes::man_captures_on_edge(),
            en: "A man may capture an opponent's piece standing on the edge of the board.",
            zh: "可以吃掉对方位于边线上的棋子",
        },
        Statement {
            key: "adjacent",
            truth: adjacent_always_capturable(),
            en: "A man may capture any opponent's piece next to it.",
            zh: "只要对方棋子与己方棋子相邻，就能吃掉对方棋子",
        },
        Statement {
            key: "lands_behind",
            truth: man_lands_behind(),
            en: "After capturing, a man stands on the square just behind the piece it took.",
            zh: "普通棋子吃子后停在紧挨被吃棋子后面的空格上",
        },
        Statement {
            key: "own",
            truth: probes::jumps_own_pieces(),
            en: "A man may capture a piece of its own colour.",
            zh: "一方可以吃掉己方的棋子",
        },
        Statement {
            key: "compulsory",
            truth: probes::capture_compulsory(),
            en: "When a man can capture, the capture is compulsory.",
            zh: "能吃子时必须吃子",
        },
    ];
    let lang = ctx.lang;
    let ask_false = kind == Single && ctx.rng.gen_ratio(1, 3);
    let prompt = match (kind, ask_false) {
        (Single, false) => tr!(
            lang,
            "Which statement about a man's capture is true? ____",
            "下列关于普通棋子吃子的说法中正确的是____。"
        ),
        (Single, true) => tr!(
            lang,
            "Which statement about a man's capture is false? ____",
            "下列关于普通棋子吃子的说法中错误的是____。"
        ),
        _ => tr!(
            lang,
            "Which statements about a man's capture are true? ____",
            "下列关于普通棋子吃子的说法中正确的有____。"
        ),
    };
    let explanation = tr!(
        lang,
        "A man captures an opponent's piece next to it, forwards or backwards, when the square right behind it is free, and lands there; capturing is compulsory.",
        "普通棋子可以向前或向后吃掉相邻的对方棋子，条件是紧挨在其后面的格子是空的，并停在该格；吃子是强制的。"
    );
    statements(
        ctx,
        kind,
        Draft::new("man_captures", Topic::Rules, prompt).explain(explanation),
        &pool,
        ask_false,
    )
}

/// The accepted forms of "permitted" and "forbidden".
pub(crate) const PERMITTED: &[&str] = &["permitted", "allowed", "允许", "可以", "准许", "yes"];
pub(crate) const FORBIDDEN: &[&str] = &[
    "forbidden",
    "not allowed",
    "禁止",
    "不允许",
    "不可以",
    "不准",
    "no",
];

fn permission(lang: Lang, permitted: bool) -> Fill {
    if permitted {
        Fill::text(tr!(lang, "permitted", "允许"), PERMITTED, 2)
    } else {
        Fill::text(tr!(lang, "forbidden", "禁止"), FORBIDDEN, 2)
    }
}

fn jumping(ctx: &mut Ctx, _kind: QuestionType) -> Option<Question> {
    let own = probes::jumps_own_pieces();
    let empty_twice = probes::crosses_empty_twice();
    let piece_twice = probes::jumps_same_piece_twice()?;
    let lang = ctx.lang;
    let mut clauses = vec![
        (
            own,
            tr!(
                lang,
                "____ to jump over your own pieces",
                "____跳跃己方的棋子"
            ),
        ),
        (
            empty_twice,
            tr!(
                lang,
                "____ to cross the same empty square more than once",
                "____多次跳跃同一个空格"
            ),
        ),
        (
            piece_twice,
            tr!(
                lang,
                "____ to jump the same opponent's piece more than once",
                "____多次跳跃对方的同一个棋子"
            ),
        ),
    ];
    clauses.shuffle(&mut ctx.rng);
    if ctx.rng.gen_ratio(1, 3) {
        clauses.pop();
    }
    let texts: Vec<String> = clauses.iter().map(|c| c.1.clone()).collect();
    let prompt = match lang {
        Lang::English => format!(
            "During a multiple capture it is {}. (Write permitted or forbidden.)",
            super::build::list(lang, &texts)
        ),
        Lang::Chinese => format!(
            "在多重连续吃子的过程中，{}。（填允许或禁止）",
            texts.join("，")
        ),
    };
    let fills = clauses
        .iter()
        .map(|(permitted, _)| permission(lang, *permitted))
        .collect();
    let explanation = tr!(
        lang,
        "Own pieces can never be jumped; empty squares may be crossed again; an opponent's piece may be jumped only once, because captured pieces stay on the board until the capture ends.",
        "己方棋子不能跳过；空格可以多次经过；对方的同一个棋子只能跳过一次，因为被吃的棋子要等吃子结束后才拿走。"
    );
    blanks(
        Draft::new("jumping", Topic::Rules, prompt).explain(explanation),
        fills,
    )
}

fn draw_rules(ctx: &mut Ctx, kind: QuestionType) -> Option<Question> {
    let (kings, sixteen, five, repetition) = probes::draw_counts()?;
    let lang = ctx.lang;
    let variant = ctx.rng.gen_range(0..3);
    let explanation = tr!(
        lang,
        "Draws: {kings} moves each with only kings moving and no capture; three pieces (one a king) against a lone king: {sixteen} more moves each; two pieces or fewer against a lone king: {five} more moves each; the same position for the {repetition}rd time with the same player to move.",
        "和棋：连续 {kings} 个回合双方只走王棋且没有吃子；三只棋子（至少一只王棋）对单王：每方最多再走 {sixteen} 步；两只棋子或更少对单王：每方最多再走 {five} 步；同一局面第 {repetition} 次出现且轮到同一方走。"
    );
    let draft = |prompt: String| {
        Draft::new("draw_rules", Topic::Rules, prompt).explain(explanation.clone())
    };
    if kind == Blank {
        return match variant {
            0 => blanks(
                draft(tr!(
                    lang,
                    "If for ____ successive moves each, neither player has captured and both have only moved ____, the game is drawn.",
                    "在连续____个回合中，双方都没有吃子，且只移动过__________，对局结果作和。"
                )
                .replace("__________", "____")),
                vec![
                    Fill::number(kings.into(), 2),
                    Fill::text(
                        tr!(lang, "kings", "王棋"),
                        &["kings", "king", "王棋", "王", "王棋子"],
                        2,
                    ),
                ],
            ),
            1 => blanks(
                draft(tr!(
                    lang,
                    "With three kings, two kings and a man, or a king and two men against a lone king, each player may make at most ____ more moves before the game is drawn. With two kings, a king and a man, or a king against a lone king, at most ____ more moves each.",
                    "如果棋盘上出现三只王棋，或两只王棋和一只普通棋子，或一只王棋和两只普通棋子对对方单王棋的局面，双方棋手每人最多再走____步棋后，对局结果作和。如果棋盘上出现两只王棋，或一只王棋和一只普通棋子，或一只王棋对对方单王棋的残局，双方棋手每人最多再走____步棋后，对局结果作和。"
                )),
                vec![Fill::number(sixteen.into(), 2), Fill::number(five.into(), 2)],
            ),
            _ => blanks(
                draft(tr!(
                    lang,
                    "The game is drawn when the same position, with the same player to move, stands on the board for the ____ time.",
                    "同一局面第____次出现且轮到同一方走棋时，对局结果作和。"
                )),
                vec![Fill::number(repetition.into(), 2)],
            ),
        };
    }
    let (prompt, value, near) = match ctx.rng.gen_range(0..4) {
        0 => (
            tr!(
                lang,
                "Three kings against a lone king: how many more moves may each player make before the game is drawn? ____",
                "三只王棋对单王棋，双方每人最多再走____步棋后对局结果作和。"
            ),
            sixteen,
            vec![5, 10, 15, 20, 25],
        ),
        1 => (
            tr!(
                lang,
                "Two kings against a lone king: how many more moves may each player make before the game is drawn? ____",
                "两只王棋对单王棋，双方每人最多再走____步棋后对局结果作和。"
            ),
            five,
            vec![3, 10, 16, 25],
        ),
        2 => (
            tr!(
                lang,
                "After how many successive moves each with only kings moved and no capture is the game drawn? ____",
                "连续多少个回合双方都只走王棋且没有吃子，对局结果作和？____"
            ),
            kings,
            vec![16, 20, 30, 40, 50],
        ),
        _ => (
            tr!(
                lang,
                "The same position with the same player to move appears for the ____ time: the game is drawn.",
                "同一局面第____次出现且轮到同一方走棋时，对局结果作和。"
            ),
            repetition,
            vec![2, 4, 5, 6],
        ),
    };
    choice(
        ctx,
        kind,
        draft(prompt),
        vec![Choice::plain(value.to_string(), true)],
        near.into_iter()
            .filter(|&n| n != value)
            .map(|n| Choice::plain(n.to_string(), false))
            .collect(),
        Order::Numeric,
    )
}

fn losing(ctx: &mut Ctx, kind: QuestionType) -> Option<Question> {
    let [no_pieces, no_moves, fewer, no_king] = probes::losing()?;
    let pool = [
        Statement {
            key: "no_pieces",
            truth: no_pieces,
            en: "All of the player's pieces have been captured.",
            zh: "所有棋子都被吃光",
        },
        Statement {
            key: "no_moves",
            truth: no_moves,
            en: "It is the player's turn and none of their pieces can move.",
            zh: "轮到走棋时无子可动",
        },
        Statement {
            key: "fewer",
            truth: fewer,
            en: "The player has clearly fewer pieces than the opponent.",
            zh: "己方棋子数量明显少于对方",
        },
        Statement {
            key: "no_king",
            truth: no_king,
            en: "The opponent has a king and the player has none.",
            zh: "对方有王棋而己方没有",
        },
        // The rules model: resigning loses (FMJD 7.2); no position shows it.
        Statement {
            key: "resigns",
            truth: true,
            en: "The player resigns.",
            zh: "一方认输",
        },
    ];
    let lang = ctx.lang;
    let prompt = match kind {
        Single => tr!(
            lang,
            "In which of these cases does a player lose the game? ____",
            "下列情况中____可判对局结果为负。"
        ),
        _ => tr!(
            lang,
            "In which of these cases does a player lose the game? ____",
            "下列情况中可判对局结果为负的有____。"
        ),
    };
    let explanation = tr!(
        lang,
        "A player loses with no pieces left, with no legal move when it is their turn, or by resigning; having fewer pieces or no king does not lose by itself.",
        "棋子被吃光、轮到走棋时无子可动或认输的一方判负；棋子少或没有王棋本身不算输。"
    );
    statements(
        ctx,
        kind,
        Draft::new("losing", Topic::Rules, prompt).explain(explanation),
        &pool,
        false,
    )
}

fn majority_king(ctx: &mut Ctx, kind: QuestionType) -> Option<Question> {
    let counts = probes::king_counts_as()?;
    let pool = [
        Statement {
            key: "one",
            truth: counts == 1,
            en: "One piece, like a man.",
            zh: "一个棋子，和普通棋子一样",
        },
        Statement {
            key: "two",
            truth: counts == 2,
            en: "Two pieces.",
            zh: "两个棋子",
        },
        Statement {
            key: "three",
            truth: counts == 3,
            en: "Three pieces.",
            zh: "三个棋子",
        },
        Statement {
            key: "priority",
            truth: false,
            en: "Taking a king always comes first, whatever the number of pieces.",
            zh: "不论吃子数量多少，必须优先吃王棋",
        },
    ];
    let lang = ctx.lang;
    let prompt = tr!(
        lang,
        "Under the majority rule the capture that takes the most pieces is compulsory. How does a king count? ____",
        "按照多吃规则，必须选择吃子最多的吃法。计算吃子数量时，一只王棋算作____。"
    );
    let explanation = tr!(
        lang,
        "A king counts as one piece and has no priority: with a choice between taking a king and taking two men, the two men must be taken.",
        "王棋算作一个棋子，没有优先权：在吃一只王棋和吃两只普通棋子之间，必须吃两只普通棋子。"
    );
    statements(
        ctx,
        kind,
        Draft::new("majority_king", Topic::Rules, prompt).explain(explanation),
        &pool,
        false,
    )
}

fn removal(ctx: &mut Ctx, kind: QuestionType) -> Option<Question> {
    let after = probes::removed_after_capture()?;
    let pool = [
        Statement {
            key: "after",
            truth: after,
            en: "Only after the whole capture is over.",
            zh: "整个吃子过程完成后才拿走",
        },
        Statement {
            key: "at_once",
            truth: !after,
            en: "Each one as soon as it has been jumped.",
            zh: "每跳过一个就立即拿走一个",
        },
        Statement {
            key: "first_at_once",
            truth: !after,
            en: "The first one at once, the others at the end.",
            zh: "第一个立即拿走，其余的最后拿走",
        },
        Statement {
            key: "player_chooses",
            truth: !after,
            en: "Whenever the capturing player likes, during the capture.",
            zh: "吃子方在吃子过程中随时可以拿走",
        },
    ];
    let lang = ctx.lang;
    let prompt = tr!(
        lang,
        "During a multiple capture, when are the captured pieces taken off the board? ____",
        "在多重连续吃子中，被吃掉的棋子什么时候从棋盘上拿走？____"
    );
    let explanation = tr!(
        lang,
        "Captured pieces stay on the board until the capture is over (the rule behind the Turkish strike).",
        "被吃的棋子要等整个吃子过程结束后才从棋盘上拿走（这就是土耳其打击的原理）。"
    );
    statements(
        ctx,
        kind,
        Draft::new("removal", Topic::Rules, prompt).explain(explanation),
        &pool,
        false,
    )
}

fn passing_promotion(ctx: &mut Ctx, kind: QuestionType) -> Option<Question> {
    let crowned = probes::crowned_in_passing()?;
    // The witness capture is legal: the man may cross the row.
    let witness: Position = probes::PASSING.parse().ok()?;
    let capture = witness.legal_moves().first().copied();
    let legal = capture.is_some();
    let route = capture
        .map(|m| witness.full_move_text(&m))
        .unwrap_or_default();
    let pool = [
        Statement {
            key: "stays_man",
            truth: !crowned && legal,
            en: "It stays a man.",
            zh: "它仍是普通棋子",
        },
        Statement {
            key: "crowned",
            truth: crowned,
            en: "It becomes a king when the capture ends.",
            zh: "吃子结束后它升变为王棋",
        },
        Statement {
            key: "crowned_and_goes_on",
            truth: false,
            en: "It becomes a king as it crosses the row and goes on capturing as a king.",
            zh: "它经过底线时就升变为王棋，并以王棋的身份继续吃子",
        },
        Statement {
            key: "must_stop",
            truth: !legal,
            en: "It is not allowed: the capture must stop on the promotion row.",
            zh: "这是不允许的：吃子必须停在底线上",
        },
    ];
    let lang = ctx.lang;
    let prompt = tr!(
        lang,
        "During a capture a man crosses its promotion row but ends its capture elsewhere. Then: ____",
        "普通棋子在吃子过程中经过对方底线，但没有停留在底线上。这时____。"
    );
    let example = probes::PASSING;
    let explanation = tr!(
        lang,
        "A man is crowned only when it ends its move on the promotion row; passing it during a capture does not count (for example {example}: {route}).",
        "普通棋子只有在走到并停留在底线时才升变；吃子时经过底线不算（例如 {example}：{route}）。"
    );
    statements(
        ctx,
        kind,
        Draft::new("passing_promotion", Topic::Rules, prompt).explain(explanation),
        &pool,
        false,
    )
}
