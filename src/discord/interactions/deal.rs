//! "Check deal" on a round summary: the round's whole fair-deal proof, privately. Only a
//! round that has ended is revealed (its summary showed the same proof's commitment).

use super::answer::Answer;
use crate::discord::context::{Data, Error};
use crate::discord::view::{refusal, summary};
use crate::games::registry::with_game;
use crate::i18n::{tr, Lang};
use crate::service::MatchId;

pub async fn check(
    data: &Data,
    match_id: MatchId,
    round: u32,
    lang: Lang,
) -> Result<Answer, Error> {
    let proof = match data.service.read_match(match_id).await {
        Ok(read) => with_game!(read.game(), G => match read.loaded::<G>() {
            // Only a round that has ended is revealed.
            Ok(loaded) if (round as usize) < G::rounds_played(&loaded.state) => {
                G::deal_proof(&loaded.seed, round, &loaded.options)
            }
            Ok(_) => return Ok(Answer::text(tr(lang, "err-bad-id"))),
            Err(e) => return Ok(Answer::text(refusal::service_error(&e, lang))),
        }),
        Err(e) => return Ok(Answer::text(refusal::service_error(&e, lang))),
    };
    Ok(Answer::new_message(summary::deal_check(
        &proof, round, lang,
    )))
}
