package io.ledgersync.yaml;

import jakarta.validation.ConstraintViolation;
import jakarta.validation.ElementKind;
import jakarta.validation.Path;

/** Spells a Bean Validation property path the way the YAML file is written: {@code faults[2].rateLimit.burst}. */
final class ViolationPaths {

    private ViolationPaths() {
    }

    static String of(ConstraintViolation<?> violation) {
        StringBuilder path = new StringBuilder();
        for (Path.Node node : violation.getPropertyPath()) {
            if (node.isInIterable()) {
                // A list position in brackets; a map key as the key it is in the file.
                if (node.getIndex() != null) {
                    path.append('[').append(node.getIndex()).append(']');
                } else if (node.getKey() != null) {
                    path.append(path.isEmpty() ? "" : ".").append(node.getKey());
                }
            }
            // Container elements are named "<list element>" and a class-level constraint's node has no name.
            if (node.getKind() == ElementKind.PROPERTY && node.getName() != null) {
                path.append(path.isEmpty() ? "" : ".").append(node.getName());
            }
        }
        return path.toString();
    }
}
