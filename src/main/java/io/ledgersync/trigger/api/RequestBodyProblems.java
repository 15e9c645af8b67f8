package io.ledgersync.trigger.api;

import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

import org.springframework.http.converter.HttpMessageNotReadableException;

import tools.jackson.core.JacksonException;
import tools.jackson.core.TokenStreamLocation;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.exc.MismatchedInputException;
import tools.jackson.databind.exc.UnrecognizedPropertyException;

/**
 * Says in the API's words what is wrong with a request body that could not be read: an unknown
 * field and the valid ones, a field of the wrong type, or text that is not JSON. Jackson's own
 * messages name Java types and classes, which are ours to know, not the caller's.
 */
final class RequestBodyProblems {

    private RequestBodyProblems() {
    }

    static String describe(HttpMessageNotReadableException e, String form) {
        Throwable cause = e.getCause();
        if (cause instanceof UnrecognizedPropertyException unknown) {
            return "Unknown field '" + unknown.getPropertyName() + "': the fields are "
                    + String.join(", ", fieldsOf(unknown.getReferringClass(), unknown.getKnownPropertyIds()));
        }
        if (cause instanceof MismatchedInputException mismatch) {
            String field = path(mismatch);
            return field.isEmpty() ? "The request body must be a JSON object of the form " + form
                    : "Field '" + field + "' must be " + expected(mismatch.getTargetType()) + "; the form is " + form;
        }
        if (cause instanceof StreamReadException malformed) {
            return "The request body is not valid JSON" + where(malformed.getLocation()) + "; the form is " + form;
        }
        return "The request body cannot be read: it must be a JSON object of the form " + form;
    }

    /** A record's fields in their declared order, which is the order the API documents them in. */
    private static List<String> fieldsOf(Class<?> type, Collection<Object> known) {
        RecordComponent[] components = type == null ? null : type.getRecordComponents();
        if (components != null) {
            return Arrays.stream(components).map(RecordComponent::getName).toList();
        }
        return known.stream().map(String::valueOf).sorted().toList();
    }

    private static String path(JacksonException e) {
        return e.getPath().stream()
                .map(reference -> reference.getPropertyName() != null ? "." + reference.getPropertyName()
                        : reference.getIndex() >= 0 ? "[" + reference.getIndex() + "]" : "")
                .collect(Collectors.joining()).replaceFirst("^\\.", "");
    }

    private static String expected(Class<?> type) {
        if (type == null) {
            return "of another type";
        }
        if (Collection.class.isAssignableFrom(type) || type.isArray()) {
            return "an array of strings";
        }
        if (CharSequence.class.isAssignableFrom(type)) {
            return "a string";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (Number.class.isAssignableFrom(type) || type.isPrimitive()) {
            return "a number";
        }
        return "an object";
    }

    private static String where(TokenStreamLocation location) {
        return location == null || location.getLineNr() < 1 ? ""
                : " (line " + location.getLineNr() + ", column " + location.getColumnNr() + ")";
    }
}
