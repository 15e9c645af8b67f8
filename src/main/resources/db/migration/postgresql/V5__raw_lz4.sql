-- raw is compressed with lz4 where the server has it (PostgreSQL 14 or later built with lz4, as the official images
-- and the Debian packages are). A record's raw (an invoice is ~1.8 KB) is over the TOAST threshold, and compressing it
-- with the default pglz took ~2 of the ~6 s the server spends copying 200,000 invoices into the staging table; lz4
-- does the same in a fraction (bench/BENCHMARKS.md, "PostgreSQL: raw compressed with lz4"). The staging table of a
-- chunk copies the setting (LIKE ... INCLUDING COMPRESSION), and a compressed value keeps its method when it moves
-- to the table. Only values written from now on are compressed so; existing rows stay as they are, no rewrite.
-- A later data-set table: set its raw's compression the same way in its own migration.
DO $$
BEGIN
    IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
        ALTER TABLE companies ALTER COLUMN raw SET COMPRESSION lz4;
        ALTER TABLE invoices ALTER COLUMN raw SET COMPRESSION lz4;
        ALTER TABLE customers ALTER COLUMN raw SET COMPRESSION lz4;
    END IF;
END $$;
