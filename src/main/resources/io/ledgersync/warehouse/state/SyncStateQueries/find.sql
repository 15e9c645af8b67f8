SELECT * FROM sync_state WHERE company_id = :companyId AND data_set = :dataSet
