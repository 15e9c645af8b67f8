package io.ledgersync.yaml;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import jakarta.validation.Constraint;
import jakarta.validation.ConstraintValidator;
import jakarta.validation.ConstraintValidatorContext;
import jakarta.validation.Payload;

/**
 * On a record read from YAML: of the named components, exactly one is given (not null). For a mapping that says
 * one thing in one of several ways, such as a fault that is either {@code latencyMillis} or {@code rateLimit} or
 * ..., where giving two would leave one silently unused.
 */
@Documented
@Constraint(validatedBy = ExactlyOneOf.Validator.class)
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
public @interface ExactlyOneOf {

    /** The record components, by name, of which exactly one must be given. */
    String[] value();

    String message() default "";

    Class<?>[] groups() default {};

    Class<? extends Payload>[] payload() default {};

    /** Counts the named components that are not null; public because Bean Validation instantiates it. */
    final class Validator implements ConstraintValidator<ExactlyOneOf, Record> {

        private List<String> names;

        @Override
        public void initialize(ExactlyOneOf annotation) {
            names = List.of(annotation.value());
        }

        @Override
        public boolean isValid(Record value, ConstraintValidatorContext context) {
            if (value == null) {
                return true;
            }
            List<String> given = new ArrayList<>();
            for (RecordComponent component : value.getClass().getRecordComponents()) {
                if (names.contains(component.getName()) && read(component, value) != null) {
                    given.add(component.getName());
                }
            }
            if (given.size() == 1) {
                return true;
            }
            context.disableDefaultConstraintViolation();
            // Names are identifiers, so the text holds nothing Bean Validation would interpolate.
            context.buildConstraintViolationWithTemplate("must have exactly one of " + names
                    + (given.isEmpty() ? ", has none" : ", has " + given)).addConstraintViolation();
            return false;
        }

        private static Object read(RecordComponent component, Record value) {
            try {
                // The records are usually package-private in the package that reads them.
                java.lang.reflect.Method accessor = component.getAccessor();
                accessor.trySetAccessible();
                return accessor.invoke(value);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("cannot read " + component + " of " + Arrays.toString(
                        value.getClass().getRecordComponents()), e);
            }
        }
    }
}
