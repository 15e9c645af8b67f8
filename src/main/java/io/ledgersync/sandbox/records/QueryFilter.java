package io.ledgersync.sandbox.records;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The platform's {@code query} language, enough of it to filter a data set: {@code field op value} with
 * {@code = != ~ > < >= <=}, joined by {@code &&} (binding tighter) and {@code ||}, grouped with {@code { }},
 * dotted sub-properties. Errors are the platform's 400 texts.
 */
final class QueryFilter {

    /** The platform's documented bound on the length of a query. */
    static final int MAX_LENGTH = 2048;

    private static final String MALFORMED = "Error parsing query - Malformed query.";
    private static final List<String> OPERATORS = List.of("!=", ">=", "<=", "=", ">", "<", "~");

    private final List<String> tokens;
    private int position;

    private QueryFilter(List<String> tokens) {
        this.tokens = tokens;
    }

    /** A predicate over the records the fields describe; 400 {@link ApiException} when the query is not valid. */
    static <T> Predicate<T> parse(String query, Map<String, Field<T>> fields) {
        if (query.length() >= MAX_LENGTH) {
            throw ApiException.badRequest("Error parsing query - The query must be shorter than " + MAX_LENGTH
                    + " characters.");
        }
        QueryFilter parser = new QueryFilter(tokenize(query));
        Predicate<T> predicate = parser.disjunction(fields);
        if (parser.position != parser.tokens.size()) {
            throw ApiException.badRequest(MALFORMED);
        }
        return predicate;
    }

    /** Splits into "{", "}", "&&", "||" and condition texts, which run until the next of those. */
    private static List<String> tokenize(String query) {
        List<String> tokens = new ArrayList<>();
        int i = 0;
        while (i < query.length()) {
            char c = query.charAt(i);
            if (Character.isWhitespace(c)) {
                i++;
            } else if (c == '{' || c == '}') {
                tokens.add(String.valueOf(c));
                i++;
            } else if (query.startsWith("&&", i) || query.startsWith("||", i)) {
                tokens.add(query.substring(i, i + 2));
                i += 2;
            } else {
                int end = i;
                while (end < query.length() && query.charAt(end) != '}'
                        && !query.startsWith("&&", end) && !query.startsWith("||", end)) {
                    end++;
                }
                tokens.add(query.substring(i, end).trim());
                i = end;
            }
        }
        return tokens;
    }

    private <T> Predicate<T> disjunction(Map<String, Field<T>> fields) {
        Predicate<T> result = conjunction(fields);
        while (accept("||")) {
            result = result.or(conjunction(fields));
        }
        return result;
    }

    private <T> Predicate<T> conjunction(Map<String, Field<T>> fields) {
        Predicate<T> result = primary(fields);
        while (accept("&&")) {
            result = result.and(primary(fields));
        }
        return result;
    }

    private <T> Predicate<T> primary(Map<String, Field<T>> fields) {
        if (accept("{")) {
            Predicate<T> inner = disjunction(fields);
            if (!accept("}")) {
                throw ApiException.badRequest(MALFORMED);
            }
            return inner;
        }
        if (position >= tokens.size() || isSymbol(tokens.get(position))) {
            throw ApiException.badRequest(MALFORMED);
        }
        return condition(tokens.get(position++), fields);
    }

    private boolean accept(String symbol) {
        if (position < tokens.size() && tokens.get(position).equals(symbol)) {
            position++;
            return true;
        }
        return false;
    }

    private static boolean isSymbol(String token) {
        return token.equals("{") || token.equals("}") || token.equals("&&") || token.equals("||");
    }

    private static <T> Predicate<T> condition(String condition, Map<String, Field<T>> fields) {
        int nameEnd = 0;
        while (nameEnd < condition.length() && isNameChar(condition.charAt(nameEnd))) {
            nameEnd++;
        }
        String name = condition.substring(0, nameEnd);
        String rest = condition.substring(nameEnd).stripLeading();
        String operator = OPERATORS.stream().filter(rest::startsWith).findFirst().orElse(null);
        if (name.isEmpty() || operator == null) {
            throw ApiException.badRequest(MALFORMED);
        }
        String literal = rest.substring(operator.length()).trim();
        // "status==Paid" or "amountDue=>0" is a mistyped operator, not a comparison with "=Paid".
        if (literal.isEmpty() || "=<>!~".indexOf(literal.charAt(0)) >= 0) {
            throw ApiException.badRequest(MALFORMED);
        }
        Field<T> field = fields.get(name);
        if (field == null) {
            throw ApiException.badRequest("Error parsing query - Could not resolve property " + name + " on Dataset");
        }
        return comparison(field, operator, literal);
    }

    private static boolean isNameChar(char c) {
        return Character.isLetterOrDigit(c) || c == '.' || c == '_';
    }

    private static <T> Predicate<T> comparison(Field<T> field, String operator, String literal) {
        return switch (field.type()) {
            case STRING -> stringComparison(field, operator, literal);
            case NUMBER -> ordered(field, operator, number(literal));
            case DATE -> ordered(field, operator, date(literal));
            case BOOLEAN -> equality(field, operator, bool(literal));
        };
    }

    private static <T> Predicate<T> stringComparison(Field<T> field, String operator, String literal) {
        String wanted = literal.toLowerCase(Locale.ROOT);
        return switch (operator) {
            // Case-insensitive, like the platform's own matching of enum values such as status=paid.
            case "=" -> record -> field.value().apply(record) instanceof String s && s.equalsIgnoreCase(literal);
            case "!=" -> record -> !(field.value().apply(record) instanceof String s && s.equalsIgnoreCase(literal));
            case "~" -> record -> field.value().apply(record) instanceof String s
                    && s.toLowerCase(Locale.ROOT).contains(wanted);
            default -> throw ApiException.badRequest("Error parsing query - The operator " + operator
                    + " applies to numbers and dates only, not to " + field.name() + ".");
        };
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static <T> Predicate<T> ordered(Field<T> field, String operator, Comparable wanted) {
        if (operator.equals("~")) {
            throw ApiException.badRequest("Error parsing query - The operator ~ applies to strings only, not to "
                    + field.name() + ".");
        }
        return record -> {
            Object value = field.value().apply(record);
            if (value == null) {
                return operator.equals("!=");
            }
            int order = ((Comparable) value).compareTo(wanted);
            return switch (operator) {
                case "=" -> order == 0;
                case "!=" -> order != 0;
                case ">" -> order > 0;
                case "<" -> order < 0;
                case ">=" -> order >= 0;
                default -> order <= 0;
            };
        };
    }

    private static <T> Predicate<T> equality(Field<T> field, String operator, Boolean wanted) {
        return switch (operator) {
            case "=" -> record -> wanted.equals(field.value().apply(record));
            case "!=" -> record -> !wanted.equals(field.value().apply(record));
            default -> throw ApiException.badRequest("Error parsing query - The operator " + operator
                    + " does not apply to the boolean " + field.name() + ".");
        };
    }

    private static BigDecimal number(String literal) {
        try {
            return new BigDecimal(literal);
        } catch (NumberFormatException e) {
            throw ApiException.badRequest(MALFORMED);
        }
    }

    /** Accepts the spellings the platform serves: with Z or an offset, without a zone (read as UTC), a bare date. */
    private static Instant date(String literal) {
        try {
            return OffsetDateTime.parse(literal).toInstant();
        } catch (DateTimeParseException notOffset) {
            try {
                return LocalDateTime.parse(literal).toInstant(ZoneOffset.UTC);
            } catch (DateTimeParseException notLocal) {
                try {
                    return DateTimes.instant(LocalDate.parse(literal));
                } catch (DateTimeParseException notDate) {
                    throw ApiException.badRequest(MALFORMED);
                }
            }
        }
    }

    private static Boolean bool(String literal) {
        if (literal.equalsIgnoreCase("true")) {
            return Boolean.TRUE;
        }
        if (literal.equalsIgnoreCase("false")) {
            return Boolean.FALSE;
        }
        throw ApiException.badRequest(MALFORMED);
    }
}
