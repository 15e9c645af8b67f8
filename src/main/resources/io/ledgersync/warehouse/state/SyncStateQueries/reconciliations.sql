SELECT run_id, company_id, data_set, records_read, total_results, matched, walk, marked_deleted, note
FROM sync_reconciliation WHERE run_id = :runId ORDER BY data_set, company_id
