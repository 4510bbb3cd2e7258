-- Payment failure reasons are stored as codes since payments/failure-reasons.ts (written in
-- the reader's language when read); rows settled before kept the French sentence, shown in
-- French to every reader. This maps each sentence the API ever stored to its code, the
-- operator's own word (its code, its HTTP status) kept after a colon as failureReason()
-- writes it. A 5xx token or initialisation refusal asked nothing of the payer: it is
-- `operator_unreachable`, as the API stores it now. A sentence matching none (none is known)
-- is left as it is and still shown as it is. Running it again changes nothing.
UPDATE "transactions" AS t
SET "failure_reason" = mapped.code
FROM (
  SELECT tx.id,
    CASE
      WHEN said = 'Paiement refusé par le payeur.' THEN 'payer_rejected'
      WHEN said = 'Solde insuffisant.' THEN 'insufficient_funds'
      WHEN said = 'Numéro inconnu de l’opérateur.' THEN 'payer_unknown'
      WHEN said = 'Le payeur n’a pas répondu à temps.' THEN 'payer_timeout'
      WHEN said = 'Paiement annulé.' THEN 'cancelled'
      WHEN said = 'Erreur de l’opérateur.' THEN 'operator_error'
      WHEN said = 'Demande inconnue de l’opérateur.' THEN 'request_unknown'
      WHEN said ~ '^Opérateur injoignable \(.*\)\.$' THEN 'operator_unreachable'
      WHEN operator_word IS NOT NULL THEN 'operator_refused' || coalesce(':' || left(nullif(btrim(operator_word), ''), 200), '')
      WHEN request_word IS NOT NULL THEN 'request_refused' || coalesce(':' || left(nullif(btrim(request_word), ''), 200), '')
      WHEN http_status IS NOT NULL AND http_status::int >= 500 THEN 'operator_unreachable'
      WHEN http_status IS NOT NULL THEN 'request_refused:' || http_status
      WHEN said ~ '^(MTN MoMo|Orange Money) : erreur de l’opérateur \([0-9]+\)\.$' THEN 'operator_error'
    END AS code
  FROM "transactions" AS tx
  CROSS JOIN LATERAL (SELECT replace(tx."failure_reason", '''', '’') AS said) AS s
  CROSS JOIN LATERAL (
    SELECT
      substring(said FROM '^Paiement refusé par l’opérateur \((.*)\)\.$') AS operator_word,
      substring(said FROM '^(?:MTN MoMo|Orange Money) a refusé la demande \((.*)\)\.$') AS request_word,
      substring(said FROM '^(?:MTN MoMo : jeton refusé|Orange Money : jeton refusé|Orange Money a refusé l’initialisation) \(([0-9]{1,3})\)\.$') AS http_status
  ) AS words
  WHERE tx."failure_reason" IS NOT NULL
) AS mapped
WHERE t.id = mapped.id AND mapped.code IS NOT NULL;
