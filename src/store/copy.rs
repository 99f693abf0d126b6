//! `herald db copy`: a whole database, every table, into another, empty one (SQLite into
//! PostgreSQL when a community outgrows one process, or back): read in one transaction (one
//! snapshot of the source, while a bot goes on playing on it), written in one.

use super::sql::{sql, Row, Value};
use super::{Backend, Store, StoreError, Tx};

/// What a column holds.
#[derive(Clone, Copy)]
enum Kind {
    Int,
    Real,
    Text,
    Bool,
}

use Kind::{Bool, Int, Real, Text};

/// A table: its name, the key its rows are read in order of, and every column.
type Table = (&'static str, &'static str, &'static [(&'static str, Kind)]);

/// Every table, parents before the tables that refer to them.
const TABLES: &[Table] = &[
    // Before the games, whose every new row numbers its players where they have none.
    ("players", "id", &[("id", Int), ("player", Text)]),
    (
        "tournaments",
        "id",
        &[
            ("id", Int),
            ("guild", Text),
            ("channel", Text),
            ("name", Text),
            ("creator", Text),
            ("variant", Text),
            ("system", Text),
            ("rounds", Int),
            ("days", Int),
            ("rated", Bool),
            ("max_players", Int),
            ("starts_at", Int),
            ("status", Text),
            ("round", Int),
            ("created_at", Int),
            ("version", Int),
        ],
    ),
    (
        "tournament_players",
        "tournament_id, player",
        &[
            ("tournament_id", Int),
            ("player", Text),
            ("joined_at", Int),
            ("start_number", Int),
            ("rating", Int),
            ("withdrawn_after", Int),
            ("withdrawn_at", Int),
        ],
    ),
    (
        "games",
        "id",
        &[
            ("id", Int),
            ("guild", Text),
            ("channel", Text),
            ("home", Text),
            ("variant", Text),
            ("white", Text),
            ("black", Text),
            ("start_fen", Text),
            ("fen", Text),
            ("ply", Int),
            ("last_coordinate", Text),
            ("last_san", Text),
            ("last_player", Text),
            ("days", Int),
            ("options", Text),
            ("status", Text),
            ("result", Text),
            ("reason", Text),
            ("swapped", Bool),
            ("draw_offer", Text),
            ("deadline", Int),
            ("reminded", Bool),
            ("rated", Bool),
            ("rated_order", Int),
            ("engine_level", Int),
            ("tournament_id", Int),
            ("version", Int),
            ("created_at", Int),
            ("updated_at", Int),
        ],
    ),
    (
        "moves",
        "game_id, ply",
        &[
            ("game_id", Int),
            ("ply", Int),
            ("coordinate", Text),
            ("san", Text),
            ("fen_after", Text),
            ("player", Text),
            ("played_at", Int),
        ],
    ),
    (
        "challenges",
        "id",
        &[
            ("id", Int),
            ("guild", Text),
            ("channel", Text),
            ("challenger", Text),
            ("challenged", Text),
            ("variant", Text),
            ("color", Text),
            ("days", Int),
            ("options", Text),
            ("rated", Bool),
            ("engine_level", Int),
            ("status", Text),
            ("game_id", Int),
            ("rematch_of", Int),
            ("created_at", Int),
            ("expires_at", Int),
            ("start_fen", Text),
        ],
    ),
    (
        "events",
        "id",
        &[
            ("id", Int),
            ("game_id", Int),
            ("kind", Text),
            ("player", Text),
            ("ply", Int),
            ("at", Int),
        ],
    ),
    (
        "local_buttons",
        "id",
        &[
            ("id", Int),
            ("channel", Text),
            ("buttons", Text),
            ("shown_at", Int),
            ("pressed_by", Text),
            ("pressed", Text),
        ],
    ),
    (
        "ratings",
        "player, variant",
        &[
            ("player", Text),
            ("variant", Text),
            ("rating", Real),
            ("deviation", Real),
            ("volatility", Real),
            ("games", Int),
            ("wins", Int),
            ("draws", Int),
            ("losses", Int),
            ("rated_at", Int),
        ],
    ),
    (
        "rating_changes",
        "game_id, player",
        &[
            ("game_id", Int),
            ("player", Text),
            ("variant", Text),
            ("before", Real),
            ("rating", Real),
            ("deviation", Real),
            ("volatility", Real),
            ("at", Int),
        ],
    ),
    (
        "guild_settings",
        "guild",
        &[
            ("guild", Text),
            ("days", Int),
            ("open_channel", Text),
            ("threads", Bool),
            ("thread_notice_at", Int),
            ("vacation_days", Int),
            ("takebacks", Bool),
            ("tournaments", Text),
            ("web", Bool),
        ],
    ),
    (
        "variant_roles",
        "guild, variant",
        &[("guild", Text), ("variant", Text), ("role", Text)],
    ),
    (
        "reviews",
        "game_id, depth, version",
        &[
            ("game_id", Int),
            ("depth", Int),
            ("version", Int),
            ("scores", Text),
            ("created_at", Int),
        ],
    ),
    (
        "notices",
        "player",
        &[("player", Text), ("mode", Text), ("dm_closed_at", Int)],
    ),
    (
        "notes",
        "game_id, player",
        &[
            ("game_id", Int),
            ("player", Text),
            ("text", Text),
            ("updated_at", Int),
        ],
    ),
    (
        "conditional_lines",
        "game_id, player, ply, moves",
        &[
            ("game_id", Int),
            ("player", Text),
            ("ply", Int),
            ("moves", Text),
            ("created_at", Int),
        ],
    ),
    (
        "leaves",
        "player, starts_at",
        &[
            ("player", Text),
            ("starts_at", Int),
            ("ends_at", Int),
            ("guild", Text),
        ],
    ),
    (
        "tournament_pairings",
        "tournament_id, round, board",
        &[
            ("tournament_id", Int),
            ("round", Int),
            ("board", Int),
            ("white", Text),
            ("black", Text),
            ("game_id", Int),
            ("result", Text),
        ],
    ),
];

/// The tables whose key is a number the database hands out.
const NUMBERED: [&str; 6] = [
    "players",
    "tournaments",
    "games",
    "challenges",
    "events",
    "local_buttons",
];

/// How many rows of each table were copied, in the order copied.
pub type Copied = Vec<(&'static str, usize)>;

impl Store {
    /// The names of a table's columns, as the database has them.
    async fn columns_of(&self, table: &str) -> Result<Vec<String>, StoreError> {
        let query = match self.backend() {
            Backend::Sqlite => sql("SELECT name FROM pragma_table_info($1) ORDER BY name"),
            Backend::Postgres => sql("SELECT column_name::text FROM information_schema.columns \
                 WHERE table_schema = current_schema() AND table_name = $1 ORDER BY 1"),
        };
        let rows: Vec<(String,)> = self.all(query.bind(table)).await?;
        Ok(rows.into_iter().map(|(c,)| c).collect())
    }

    /// Checks that the copy knows every column of every table here, so that nothing is left
    /// behind (a column added by a later migration and not listed above).
    async fn check_copy_covers(&self) -> Result<(), StoreError> {
        for (table, _, columns) in TABLES {
            let mut known: Vec<String> = columns.iter().map(|(c, _)| c.to_string()).collect();
            known.sort();
            let found = self.columns_of(table).await?;
            if found != known {
                return Err(StoreError::Corrupt(format!(
                    "the copy does not know the columns of `{table}`: it has {found:?}, \
                     the copy writes {known:?}"
                )));
            }
        }
        Ok(())
    }

    /// Rows in this database already, in the tables a copy writes.
    async fn rows_here(&self) -> Result<i64, StoreError> {
        let mut total = 0;
        for (table, _, _) in TABLES {
            let (n,): (i64,) = self
                .first(sql(format!("SELECT count(*) FROM {table}")))
                .await?;
            total += n;
        }
        Ok(total)
    }

    /// Copies every row of this database into `to`, which must be empty, in one transaction
    /// there: all of it lands or none. Returns the rows copied per table.
    pub async fn copy_into(&self, to: &Store) -> Result<Copied, StoreError> {
        self.check_copy_covers().await?;
        to.check_copy_covers().await?;
        let there = to.rows_here().await?;
        if there > 0 {
            return Err(StoreError::NotEmpty(there));
        }
        // Everything is read in one transaction, so in one snapshot: a bot playing meanwhile
        // changes nothing the copy sees, and the copy holds no lock that would stop it.
        let mut from = self.begin().await?;
        if let Tx::Postgres(_) = from {
            from.run(sql(
                "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY",
            ))
            .await?;
        }
        let _turn = to.write_turn().await;
        let mut tx = to.begin().await?;
        let mut copied = Vec::new();
        for (table, key, columns) in TABLES {
            let mut values = Vec::new();
            for (column, kind) in columns.iter() {
                values.push(column_of(&mut from, table, key, column, *kind).await?);
            }
            let rows = values.first().map_or(0, Vec::len);
            let names: Vec<&str> = columns.iter().map(|(c, _)| *c).collect();
            let marks: Vec<String> = (1..=columns.len()).map(|i| format!("${i}")).collect();
            let insert = format!(
                "INSERT INTO {table} ({}) VALUES ({})",
                names.join(", "),
                marks.join(", ")
            );
            for row in 0..rows {
                let mut statement = sql(insert.clone());
                for column in &values {
                    statement = statement.bind_value(column[row].clone());
                }
                tx.run(statement).await?;
            }
            copied.push((*table, rows));
        }
        renumber(&mut tx).await?;
        tx.commit().await?;
        from.commit().await?;
        Ok(copied)
    }
}

/// One column of a table, in key order, read in the source's transaction.
async fn column_of(
    from: &mut Tx,
    table: &str,
    key: &str,
    column: &str,
    kind: Kind,
) -> Result<Vec<Value>, StoreError> {
    let text = format!("SELECT {column} FROM {table} ORDER BY {key}");
    match kind {
        Int => values(from, text, Value::Int).await,
        Real => values(from, text, Value::Real).await,
        Text => values(from, text, Value::Text).await,
        Bool => values(from, text, Value::Bool).await,
    }
}

/// The one column a query reads, each value made a [`Value`] by `wrap`.
async fn values<T>(
    from: &mut Tx,
    text: String,
    wrap: fn(Option<T>) -> Value,
) -> Result<Vec<Value>, StoreError>
where
    (Option<T>,): Row,
{
    let rows: Vec<(Option<T>,)> = from.all(sql(text)).await?;
    Ok(rows.into_iter().map(|(v,)| wrap(v)).collect())
}

/// On PostgreSQL, the next number each numbered table hands out follows the rows copied.
async fn renumber(tx: &mut Tx) -> Result<(), StoreError> {
    if let Tx::Postgres(_) = tx {
        for table in NUMBERED {
            tx.run(sql(format!(
                "SELECT setval(pg_get_serial_sequence('{table}', 'id'), \
                 coalesce(max(id), 0) + 1, false) FROM {table}"
            )))
            .await?;
        }
    }
    Ok(())
}
