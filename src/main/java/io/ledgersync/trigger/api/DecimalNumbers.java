package io.ledgersync.trigger.api;

import java.beans.PropertyEditorSupport;
import java.util.function.Function;
import java.util.regex.Pattern;

import org.springframework.web.bind.WebDataBinder;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.bind.annotation.InitBinder;

/**
 * Numbers in paths and query parameters as plain decimal digits, nothing else. Spring's own conversion decodes
 * ({@code Long.decode}): {@code /api/runs/0x2} and {@code /api/runs/%232} were run 2. Here they, and {@code +2} or
 * {@code 2.0}, are not numbers: 400 ({@link ApiExceptionHandler#handleTypeMismatch}). A property editor, not a
 * converter: when a converter refuses, the binder falls back to its default editors, which decode.
 */
@ControllerAdvice
class DecimalNumbers {

    private static final Pattern DECIMAL = Pattern.compile("-?[0-9]{1,19}");

    @InitBinder
    void decimalOnly(WebDataBinder binder) {
        binder.registerCustomEditor(long.class, editor(Long::valueOf));
        binder.registerCustomEditor(Long.class, editor(Long::valueOf));
        binder.registerCustomEditor(int.class, editor(Integer::valueOf));
        binder.registerCustomEditor(Integer.class, editor(Integer::valueOf));
    }

    private static PropertyEditorSupport editor(Function<String, ? extends Number> parse) {
        return new PropertyEditorSupport() {
            /** @throws IllegalArgumentException for anything but an optional minus and digits, or too large a number */
            @Override
            public void setAsText(String text) {
                if (text == null || !DECIMAL.matcher(text).matches()) {
                    throw new IllegalArgumentException("not a decimal whole number");
                }
                setValue(parse.apply(text));
            }
        };
    }
}
