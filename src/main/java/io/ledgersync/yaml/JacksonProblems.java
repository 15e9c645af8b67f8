package io.ledgersync.yaml;

import java.math.BigInteger;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Map;

import org.snakeyaml.engine.v2.exceptions.MarkedYamlEngineException;

import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.databind.DatabindException;
import tools.jackson.databind.exc.InvalidFormatException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;
import tools.jackson.databind.exc.ValueInstantiationException;

/**
 * Turns what Jackson throws while reading YAML into an {@link InvalidYamlException}: the field from the exception's
 * path (or from where the parser stood), the line from its location, and the problem in the words of the file, not
 * of Java ({@code must be a whole number, was 'lots'} rather than {@code Cannot deserialize value of type ...}).
 */
final class JacksonProblems {

    private JacksonProblems() {
    }

    /** {@code index} is null while the document is still being walked (a syntax error). */
    static InvalidYamlException invalid(String source, DocumentIndex index, JacksonException e) {
        String field = e instanceof DatabindException ? path(e.getPath())
                : e.processor() instanceof JsonParser parser ? DocumentIndex.path(parser.streamReadContext()) : "";
        // The index knows where the field starts; Jackson's location is where its parser stopped.
        TokenStreamLocation location = e.getLocation();
        int line = index != null ? index.lineOf(field)
                : e.getCause() instanceof MarkedYamlEngineException syntax && syntax.getProblemMark().isPresent()
                        ? syntax.getProblemMark().get().getLine() + 1
                : location != null && location.getLineNr() > 0 ? location.getLineNr() : 1;
        return new InvalidYamlException(source, line, field, problem(e, index == null ? null : index.scalarAt(field)),
                e);
    }

    /** {@code written} is the field's scalar as the file has it, or null. */
    private static String problem(JacksonException e, String written) {
        if (e instanceof UnrecognizedPropertyException unknown) {
            List<String> known = unknown.getKnownPropertyIds() == null ? List.of()
                    : unknown.getKnownPropertyIds().stream().map(Object::toString).sorted().toList();
            return "unknown key '" + unknown.getPropertyName() + "'; expected one of " + known;
        }
        if (e instanceof MismatchedInputException mismatch) {
            Object value = e instanceof InvalidFormatException format ? format.getValue() : written;
            return "must be " + kind(mismatch.getTargetType()) + (value == null ? "" : ", was '" + value + "'");
        }
        if (e instanceof ValueInstantiationException refused && refused.getCause() != null) {
            // A record's constructor refused the values: its own message says why.
            return refused.getCause().getMessage();
        }
        if (e.getCause() instanceof MarkedYamlEngineException syntax) {
            // "expected ',' or '}', but got :" says what broke; "while parsing a flow mapping" says in what.
            return "not valid YAML: " + oneLine(syntax.getProblem())
                    + (syntax.getContext() == null ? "" : " (" + oneLine(syntax.getContext()) + ")");
        }
        String text = oneLine(e.getOriginalMessage());
        return text.startsWith("Duplicate Object property") ? "given twice" : text;
    }

    /** How a person editing the file would name the type a value must have. */
    static String kind(Class<?> type) {
        if (type == null) {
            return "of another kind";
        }
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class
                || type == Short.class || type == short.class || type == BigInteger.class) {
            return "a whole number";
        }
        if (Number.class.isAssignableFrom(type) || type == double.class || type == float.class) {
            return "a number";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (CharSequence.class.isAssignableFrom(type)) {
            return "a text";
        }
        if (Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "a list";
        }
        if (type.isEnum()) {
            return "one of " + Arrays.toString(type.getEnumConstants());
        }
        return Map.class.isAssignableFrom(type) || type.isRecord() ? "a mapping" : "a " + type.getSimpleName();
    }

    /** {@code faults[2].rateLimit}: the same spelling as {@link DocumentIndex#path}. */
    private static String path(List<JacksonException.Reference> references) {
        StringBuilder path = new StringBuilder();
        for (JacksonException.Reference reference : references) {
            if (reference.getPropertyName() != null) {
                path.append(path.isEmpty() ? "" : ".").append(reference.getPropertyName());
            } else if (reference.getIndex() >= 0) {
                path.append('[').append(reference.getIndex()).append(']');
            }
        }
        return path.toString();
    }

    /** The parser's own text, often several lines with a caret under the column: the first line says enough. */
    private static String oneLine(String message) {
        String text = message == null ? "not valid YAML" : message.strip();
        int end = text.indexOf('\n');
        return end < 0 ? text : text.substring(0, end).strip();
    }
}
