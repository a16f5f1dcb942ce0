//! /momojan highlights: the server's board of highlights in a season, or (with `mine`) the
//! caller turning their own highlights off or on. Answers are ephemeral, in the caller's
//! language.

use crate::discord::context::{author, guild, say, show, user_lang, Context, Error};
use crate::discord::game_choice::GameChoice;
use crate::discord::view::highlight_board;
use crate::games::registry::GameId;
use crate::i18n::tr_args;

/// Whether the caller's highlights are shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq, poise::ChoiceParameter)]
pub enum Mine {
    #[name = "off"]
    Off,
    #[name = "on"]
    On,
}

/// The server's highlights of a season, or turn your own off or on.
#[poise::command(slash_command, guild_only)]
pub async fn highlights(
    ctx: Context<'_>,
    #[description = "Turn highlights about you off or on (everywhere)"] mine: Option<Mine>,
    #[description = "Season (the current one if not given)"]
    #[min = 1]
    season: Option<u32>,
    #[description = "Which game (every game if not given)"] game: Option<GameChoice>,
) -> Result<(), Error> {
    let lang = user_lang(ctx);
    let service = &ctx.data().service;
    if let Some(mine) = mine {
        // Turning one's own lines off is the whole answer: a board asked with it would be a
        // second message for one click.
        let off = mine == Mine::Off;
        service.set_highlights_off(author(ctx), off).await?;
        return show(ctx, &highlight_board::mine(off, lang)).await;
    }
    let games: Vec<GameId> = match game {
        Some(GameChoice(g)) => vec![g],
        None => GameId::HOSTED.to_vec(),
    };
    let mut boards = Vec::with_capacity(games.len());
    for g in games {
        match service
            .highlight_board(guild(ctx), season.map(i64::from), g)
            .await?
        {
            Some(b) => boards.push(b),
            None => {
                let current = service.current_season(guild(ctx)).await?;
                let args = [
                    ("season", i64::from(season.unwrap_or(0)).into()),
                    ("current", current.into()),
                ];
                return say(ctx, tr_args(lang, "hlb-no-season", &args)).await;
            }
        }
    }
    let season = boards.first().map_or(1, |b| b.season);
    show(ctx, &highlight_board::board(season, &boards, lang)).await
}
