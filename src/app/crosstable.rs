//! A tournament's crosstable as a picture ([`crate::render::crosstable`]), attached to
//! `/tournament show` and to the final standings: its table, with the names the server shows
//! for the players, drawn off the async threads.

use super::tournament::file_name;
use super::tournament_table::Table;
use super::{words, Attachment, Reply, Service};
use crate::render::crosstable::{crosstable, Crosstable, Grid, Player};
use crate::store::{StoredTournament, TournamentSystem};

impl Service {
    /// `reply` with `t`'s crosstable attached (`Autumn-Cup-crosstable.png`); as it was when
    /// images are off or drawing failed. `over`: the table is final.
    pub(super) async fn with_crosstable(
        &self,
        mut reply: Reply,
        t: &StoredTournament,
        table: &Table,
        over: bool,
    ) -> Reply {
        if let Some(link) = self.tournament_link(t).await {
            reply.text.push(format!("\nThe tournament's page: {link}"));
        }
        if let Some(png) = self.crosstable_png(t, table, over).await {
            reply.attachment = Some(Attachment {
                name: file_name(t, "-crosstable.png"),
                bytes: png,
            });
        }
        reply
    }

    /// `t`'s crosstable as a PNG; none when images are off or drawing failed.
    pub(super) async fn crosstable_png(
        &self,
        t: &StoredTournament,
        table: &Table,
        over: bool,
    ) -> Option<Vec<u8>> {
        self.images?;
        let ids: Vec<String> = table.entrants.iter().map(|e| e.player.clone()).collect();
        let names = self.names_of(t.guild.as_deref(), &ids).await;
        let players = names
            .into_iter()
            .enumerate()
            .map(|(i, name)| {
                let line = table.standings.iter().find(|s| s.player == i);
                Player {
                    name,
                    place: line.map_or(i + 1, |s| s.place),
                    points: words::score(line.map_or(0.0, |s| s.points)),
                    tiebreaks: line.map_or_else(Vec::new, |s| {
                        s.tiebreaks.iter().map(|&v| words::trim(v)).collect()
                    }),
                    withdrawn: table.entrants[i].withdrawn(),
                    rounds: table.rounds[i].clone(),
                }
            })
            .collect();
        let drawn = Crosstable {
            title: t.name.clone(),
            subtitle: words::crosstable_line(t, table, over),
            grid: match t.system {
                TournamentSystem::Swiss => Grid::Rounds,
                _ => Grid::Opponents,
            },
            tiebreaks: table
                .system
                .tiebreaks()
                .iter()
                .map(|b| b.code().into())
                .collect(),
            players,
            standings: table.standings.iter().map(|s| s.player).collect(),
        };
        self.picture("the crosstable", move || crosstable(&drawn))
            .await
    }
}
