SELECT * FROM sync_state
WHERE state = 'DEFERRED' AND next_attempt_at <= :now
ORDER BY next_attempt_at, data_set, company_id
