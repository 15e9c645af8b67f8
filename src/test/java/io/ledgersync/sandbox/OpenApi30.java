package io.ledgersync.sandbox;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.yaml.snakeyaml.DumperOptions;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.constructor.SafeConstructor;
import org.yaml.snakeyaml.representer.Representer;

/**
 * Rewrites the contract's OpenAPI files, labelled 3.1 but written in 3.0 style, into a 3.0 document the request
 * validator checks fully. Read as 3.1, the parser keeps {@code type} where the validator never looks (so nothing is
 * type-checked); read as 3.0, it drops each schema's {@code definitions}, which many references point into. So the
 * definitions are hoisted to top-level schemas ({@code Company__companyDetails}) and references into them rewritten,
 * and any other reference that points inside a schema or parameter is replaced by a copy of its target.
 */
final class OpenApi30 {

    private OpenApi30() {
    }

    static String rewrite(String yaml) {
        return rewrite(yaml, Map.of(), Map.of());
    }

    /**
     * The rewrite, with a {@code GET /companies/{companyId}/data/<dataType>} operation added per entry of
     * {@code pagesOf} (data type to schema name) that answers like the invoices operation, with a page of that schema
     * and the same errors: the contract's files hold the schemas of bills, suppliers and accounts but only the
     * invoices operation. {@code extraSchemas} (name to YAML) adds schemas first, written in the file's own style.
     */
    @SuppressWarnings("unchecked")
    static String rewrite(String yaml, Map<String, String> pagesOf, Map<String, String> extraSchemas) {
        Yaml reader = new Yaml(new SafeConstructor(new LoaderOptions()));
        Map<String, Object> root = reader.load(yaml);
        root.put("openapi", "3.0.3");
        Map<String, Object> schemas = (Map<String, Object>) ((Map<String, Object>) root.get("components"))
                .get("schemas");
        extraSchemas.forEach((name, schema) -> schemas.put(name, reader.load(schema)));
        Map<String, Object> paths = (Map<String, Object>) root.get("paths");
        Object invoicesOperation = paths.get("/companies/{companyId}/data/invoices");
        pagesOf.forEach((dataType, schema) -> paths.put("/companies/{companyId}/data/" + dataType,
                pageOperation((Map<String, Object>) copy(invoicesOperation), dataType, schema)));
        boolean hoisted = true;
        while (hoisted) {
            hoisted = false;
            for (String name : new ArrayList<>(schemas.keySet())) {
                Object schema = schemas.get(name);
                if (schema instanceof Map<?, ?> map && map.get("definitions") instanceof Map<?, ?> definitions) {
                    ((Map<String, Object>) map).remove("definitions");
                    definitions.forEach((key, value) -> schemas.put(name + "__" + key, value));
                    hoisted = true;
                }
            }
        }
        rewriteRefs(root, root, 0);
        DumperOptions options = new DumperOptions();
        options.setMaxSimpleKeyLength(1024);
        return new Yaml(new SafeConstructor(new LoaderOptions()), new Representer(options), options).dump(root);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> pageOperation(Map<String, Object> operation, String dataType, String schema) {
        Map<String, Object> get = (Map<String, Object>) operation.get("get");
        get.put("operationId", "list-sandbox-" + dataType);
        Map<String, Object> json = (Map<String, Object>) ((Map<String, Object>) ((Map<String, Object>)
                ((Map<String, Object>) get.get("responses")).get("200")).get("content")).get("application/json");
        json.remove("examples");
        json.put("schema", copy(Map.of("allOf", List.of(
                Map.of("type", "object", "properties", Map.of("results", Map.of("type", "array",
                        "items", Map.of("$ref", "#/components/schemas/" + schema)))),
                Map.of("$ref", "#/components/schemas/PagingInfo")))));
        return operation;
    }

    @SuppressWarnings("unchecked")
    private static void rewriteRefs(Map<String, Object> root, Object node, int depth) {
        if (depth > 200) {
            throw new IllegalStateException("references nest too deeply");
        }
        if (node instanceof Map<?, ?> raw) {
            Map<String, Object> map = (Map<String, Object>) raw;
            Object ref = map.get("$ref");
            if (ref instanceof String pointer && pointer.startsWith("#/")) {
                String hoistedRef = pointer.replaceAll("^#/components/schemas/([^/]+)/definitions/([^/]+)",
                        "#/components/schemas/$1__$2");
                if (hoistedRef.matches("#/components/[A-Za-z]+/[^/]+")) {
                    map.put("$ref", hoistedRef);
                } else {
                    Object target = resolve(root, hoistedRef);
                    map.remove("$ref");
                    map.putAll((Map<String, Object>) copy(target));
                    rewriteRefs(root, map, depth + 1);
                    return;
                }
            }
            for (Object value : new ArrayList<>(map.values())) {
                rewriteRefs(root, value, depth + 1);
            }
        } else if (node instanceof List<?> list) {
            for (Object value : list) {
                rewriteRefs(root, value, depth + 1);
            }
        }
    }

    private static Object resolve(Map<String, Object> root, String pointer) {
        Object node = root;
        String[] parts = pointer.substring(2).split("/");
        for (int i = 0; i < parts.length; i++) {
            String part = java.net.URLDecoder.decode(parts[i], java.nio.charset.StandardCharsets.UTF_8)
                    .replace("~1", "/").replace("~0", "~");
            if (node instanceof Map<?, ?> map) {
                node = map.get(part);
            } else if (node instanceof List<?> list) {
                node = list.get(Integer.parseInt(part));
            }
            if (node == null) {
                throw new IllegalArgumentException("unresolvable reference " + pointer);
            }
        }
        return node;
    }

    @SuppressWarnings("unchecked")
    private static Object copy(Object node) {
        if (node instanceof Map<?, ?> map) {
            Map<String, Object> copy = new LinkedHashMap<>();
            map.forEach((key, value) -> copy.put((String) key, copy(value)));
            return copy;
        }
        if (node instanceof List<?> list) {
            return new ArrayList<>(list.stream().map(OpenApi30::copy).toList());
        }
        return node;
    }
}
