package io.ledgersync.sync.dataset;

import java.util.Set;

/**
 * The words H2 or PostgreSQL reserve, which a data set file may not use as a table or column name. Refused rather
 * than quoted: every statement ledgersync writes, and every query a person writes against the warehouse, would have
 * to quote them, on both databases, for good; a file can always say {@code order_ref} instead of {@code order}.
 * The union of H2 2.4's keywords ({@code org.h2.util.ParserUtil}) and PostgreSQL 17's reserved words
 * ({@code select word from pg_get_keywords() where catcode in ('R', 'T')}), as of this writing.
 */
final class ReservedWords {

    static final Set<String> WORDS = Set.of(("all analyse analyze and any array as asc asymmetric authorization between binary"
            + " both case cast check collate collation column concurrently constraint create cross current_catalog current_date"
            + " current_path current_role current_schema current_time current_timestamp current_user day default deferrable"
            + " desc distinct do else end except exists false fetch for foreign freeze from full grant group groups having"
            + " hour if ilike in initially inner intersect interval into is isnull join key lateral leading left like limit"
            + " localtime localtimestamp minus minute month natural not notnull null offset on only or order outer over"
            + " overlaps partition placing primary qualify range references regexp returning right row rownum rows second"
            + " select session_user set similar some symmetric system_user table tablesample then to top trailing true"
            + " uescape union unique unknown user using value values variadic verbose when where window with year").split(" "));

    private ReservedWords() {
    }

    static boolean reserved(String name) {
        return WORDS.contains(name);
    }
}
