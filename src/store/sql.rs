//! One statement for both databases: the SQL text, with `$1`, `$2`… for its values (SQLite
//! reads them as PostgreSQL does), and the values, bound to whichever database the store
//! opened. The rows are read by the same `FromRow` on both.

use std::borrow::Cow;

use sqlx::postgres::{PgConnection, PgPool, PgRow, Postgres};
use sqlx::sqlite::{SqliteConnection, SqlitePool, SqliteRow};
use sqlx::{Arguments, Sqlite};

/// A value bound to a statement.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Int(Option<i64>),
    Real(Option<f64>),
    Text(Option<String>),
    Bool(Option<bool>),
}

/// What can be bound to a statement: as a value, and as the NULL of its type.
pub trait Bind {
    fn value(self) -> Value;
    fn null() -> Value
    where
        Self: Sized;
}

macro_rules! bind_as {
    ($kind:ident: $($t:ty => |$v:ident| $e:expr),+ $(,)?) => {$(
        impl Bind for $t {
            fn value(self) -> Value {
                let $v = self;
                Value::$kind(Some($e))
            }
            fn null() -> Value {
                Value::$kind(None)
            }
        }
    )+};
}

bind_as!(Int: i64 => |v| v, u32 => |v| i64::from(v));
bind_as!(Real: f64 => |v| v);
bind_as!(Bool: bool => |v| v);
bind_as!(Text: String => |v| v, &str => |v| v.to_string());

impl<T: Bind> Bind for Option<T> {
    fn value(self) -> Value {
        match self {
            Some(v) => v.value(),
            None => T::null(),
        }
    }
    fn null() -> Value {
        T::null()
    }
}

impl<T: Bind + Clone> Bind for &T {
    fn value(self) -> Value {
        self.clone().value()
    }
    fn null() -> Value {
        T::null()
    }
}

/// A statement and its values.
#[derive(Clone, Debug)]
pub struct Sql {
    text: Cow<'static, str>,
    values: Vec<Value>,
}

/// A statement with no values yet.
pub fn sql(text: impl Into<Cow<'static, str>>) -> Sql {
    Sql {
        text: text.into(),
        values: Vec::new(),
    }
}

impl Sql {
    /// Binds the next `$n`.
    pub fn bind(mut self, value: impl Bind) -> Sql {
        self.values.push(value.value());
        self
    }

    /// Binds a value already made.
    pub fn bind_value(mut self, value: Value) -> Sql {
        self.values.push(value);
        self
    }
}

fn encode(e: sqlx::error::BoxDynError) -> sqlx::Error {
    sqlx::Error::Encode(e)
}

/// The values as a database's arguments.
fn arguments<'q, DB: sqlx::Database>(values: Vec<Value>) -> Result<DB::Arguments<'q>, sqlx::Error>
where
    Option<i64>: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
    Option<f64>: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
    Option<String>: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
    Option<bool>: sqlx::Encode<'q, DB> + sqlx::Type<DB>,
{
    let mut args = DB::Arguments::<'q>::default();
    for v in values {
        match v {
            Value::Int(x) => args.add(x),
            Value::Real(x) => args.add(x),
            Value::Text(x) => args.add(x),
            Value::Bool(x) => args.add(x),
        }
        .map_err(encode)?;
    }
    Ok(args)
}

/// A stored row that cannot be read: its number and players where those can be read, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable {
    pub id: Option<i64>,
    pub players: Vec<String>,
    pub why: String,
}

impl std::fmt::Display for Unreadable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.id {
            Some(id) => write!(f, "game #{id} cannot be read ({})", self.why),
            None => write!(f, "a game whose number cannot be read ({})", self.why),
        }
    }
}

/// One row read into `T`, or what can be told of it when it cannot be.
fn read_one<T, R>(row: &R) -> Result<T, Unreadable>
where
    R: sqlx::Row,
    T: for<'r> sqlx::FromRow<'r, R>,
    for<'a> &'a str: sqlx::ColumnIndex<R>,
    i64: sqlx::Type<R::Database> + for<'r> sqlx::Decode<'r, R::Database>,
    String: sqlx::Type<R::Database> + for<'r> sqlx::Decode<'r, R::Database>,
{
    T::from_row(row).map_err(|e| Unreadable {
        id: row.try_get::<i64, _>("id").ok(),
        players: ["white", "black"]
            .into_iter()
            .filter_map(|c| row.try_get::<String, _>(c).ok())
            .collect(),
        why: e.to_string(),
    })
}

/// A type a row reads into, on either database.
pub trait Row:
    for<'r> sqlx::FromRow<'r, SqliteRow> + for<'r> sqlx::FromRow<'r, PgRow> + Send + Unpin
{
}

impl<T> Row for T where
    T: for<'r> sqlx::FromRow<'r, SqliteRow> + for<'r> sqlx::FromRow<'r, PgRow> + Send + Unpin
{
}

/// Where a statement runs: a pool, or the connection of a transaction.
pub enum Target<'a> {
    SqlitePool(&'a SqlitePool),
    Sqlite(&'a mut SqliteConnection),
    PgPool(&'a PgPool),
    Pg(&'a mut PgConnection),
}

/// Runs `$sql` on `$target` with sqlx's `$make` (`query_with` or `query_as_with`, with the row
/// type), ending in `$run` (`fetch_all`, `fetch_optional`, `execute`), its answer mapped by
/// `$map` when given.
macro_rules! run {
    ($target:expr, $sql:expr, $make:ident $(<$t:ty>)?, $run:ident $(, $map:expr)?) => {{
        let Sql { text, values } = $sql;
        // One database's statement on one of its connections or pools.
        macro_rules! on {
            ($db:ident, $conn:expr) => {
                sqlx::$make::<$db, $($t,)? _>(&text, arguments::<$db>(values)?).$run($conn).await $(.map($map))?
            };
        }
        match $target {
            Target::SqlitePool(p) => on!(Sqlite, p),
            Target::Sqlite(c) => on!(Sqlite, c),
            Target::PgPool(p) => on!(Postgres, p),
            Target::Pg(c) => on!(Postgres, c),
        }
    }};
}

impl Target<'_> {
    /// Every row the statement gives.
    pub async fn all<T: Row>(self, sql: Sql) -> Result<Vec<T>, sqlx::Error> {
        run!(self, sql, query_as_with<T>, fetch_all)
    }

    /// The first row the statement gives, if any.
    pub async fn one<T: Row>(self, sql: Sql) -> Result<Option<T>, sqlx::Error> {
        run!(self, sql, query_as_with<T>, fetch_optional)
    }

    /// The row the statement must give.
    pub async fn first<T: Row>(self, sql: Sql) -> Result<T, sqlx::Error> {
        self.one(sql).await?.ok_or(sqlx::Error::RowNotFound)
    }

    /// Every row the statement gives, each read on its own: a row that cannot be read (a
    /// word no column knows, text that is not UTF-8) is told apart, and the others are kept.
    pub async fn each<T: Row>(self, sql: Sql) -> Result<Vec<Result<T, Unreadable>>, sqlx::Error> {
        run!(self, sql, query_with, fetch_all, |rows| rows
            .iter()
            .map(read_one)
            .collect())
    }

    /// Runs the statement; the number of rows it changed.
    pub async fn run(self, sql: Sql) -> Result<u64, sqlx::Error> {
        run!(self, sql, query_with, execute, |r| r.rows_affected())
    }
}
