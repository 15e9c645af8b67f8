-- raw becomes CHARACTER VARYING, kept in the row. As a CHARACTER LARGE OBJECT, every record longer than H2's
-- MAX_LENGTH_INPLACE_LOB (256 characters; an invoice is ~1.7 KB) went to H2's separate LOB storage, a LOB written
-- per row: a first sync into H2 cost ~1.45x the CPU (bench/BENCHMARKS.md, "H2's fastest merge"). H2 2.x takes up to
-- 1,000,000,000 characters in CHARACTER VARYING, so records of megabytes still fit. SET DATA TYPE keeps NOT NULL and
-- the rows, rewriting each table once. A later data-set table: declare raw CHARACTER VARYING NOT NULL.
ALTER TABLE companies ALTER COLUMN raw SET DATA TYPE CHARACTER VARYING;
ALTER TABLE invoices ALTER COLUMN raw SET DATA TYPE CHARACTER VARYING;
ALTER TABLE customers ALTER COLUMN raw SET DATA TYPE CHARACTER VARYING;
