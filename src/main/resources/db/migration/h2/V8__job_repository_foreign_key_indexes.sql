-- Nothing to do on H2: it indexes every foreign key by itself. On PostgreSQL, V8 creates the
-- indexes on the foreign keys of Spring Batch's tables that it does not (see db/migration/postgresql).
SELECT 1;
