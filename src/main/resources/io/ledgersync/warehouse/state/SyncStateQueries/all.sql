SELECT * FROM sync_state ORDER BY data_set, company_id
