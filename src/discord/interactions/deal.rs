//! "Check deal" on a round summary: the round's whole fair-deal proof, privately. Only a
//! round that has ended is revealed (its summary showed the same proof's commitment).

use super::answer::Answer;
use crate::discord::context::{Data, Error};
use crate::discord::view::{refusal, summary};
use crate::games::momojan::commitment::deal_proof;
use crate::games::registry::Momojan;
use crate::i18n::{tr, Lang};
use crate::service::MatchId;

pub async fn check(
    data: &Data,
    match_id: MatchId,
    round: u32,
    lang: Lang,
) -> Result<Answer, Error> {
    let loaded = match data.service.load::<Momojan>(match_id).await {
        Ok(loaded) => loaded,
        Err(e) => return Ok(Answer::text(refusal::service_error(&e, lang))),
    };
    let ended = loaded.state.records.len();
    if round as usize >= ended {
        return Ok(Answer::text(tr(lang, "err-bad-id")));
    }
    let proof = deal_proof(&loaded.seed, round);
    Ok(Answer::new_message(summary::deal_check(
        &proof, round, lang,
    )))
}
