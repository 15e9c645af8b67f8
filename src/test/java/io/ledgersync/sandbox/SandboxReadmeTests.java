package io.ledgersync.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.StandardLocation;
import javax.tools.ToolProvider;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The Java example of docs/sandbox.md, compiled as written, so that a clone can trust it. */
class SandboxReadmeTests {

    /** The sentence just above the example in docs/sandbox.md. */
    private static final String INTRODUCTION = "Tests script the same from Java";

    @Test
    void javaExampleOfTheSandboxSectionCompilesAsWritten(@TempDir Path classes) throws IOException {
        String example = javaBlockAfter(Files.readString(Path.of("docs", "sandbox.md")), INTRODUCTION);
        // The example's free variables, given the types a test would have.
        String source = """
                import java.time.Clock;
                import java.time.Duration;
                import io.ledgersync.sandbox.SandboxServer;
                import io.ledgersync.sandbox.SandboxSettings;
                import io.ledgersync.sandbox.records.DataSetState.Changes;

                class ReadmeExample {
                    void script(Clock clock, String companyId) {
                %s
                    }
                }
                """.formatted(example);

        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager files = compiler.getStandardFileManager(diagnostics, null,
                StandardCharsets.UTF_8)) {
            files.setLocation(StandardLocation.CLASS_OUTPUT, List.of(classes.toFile()));
            boolean compiled = compiler.getTask(null, files, diagnostics,
                    List.of("-classpath", System.getProperty("java.class.path"), "-proc:none"), null,
                    List.of(new Source("ReadmeExample", source))).call();

            assertThat(compiled).as("the docs/sandbox.md example compiles:\n%s\n%s", source, diagnostics.getDiagnostics())
                    .isTrue();
        }
    }

    private static String javaBlockAfter(String markdown, String introduction) {
        int from = markdown.indexOf("```java", markdown.indexOf(introduction));
        assertThat(markdown.indexOf(introduction)).as("docs/sandbox.md still introduces its Java example").isNotNegative();
        int start = markdown.indexOf('\n', from) + 1;
        return markdown.substring(start, markdown.indexOf("```", start));
    }

    private static final class Source extends SimpleJavaFileObject {
        private final String code;

        Source(String className, String code) {
            super(URI.create("string:///" + className + Kind.SOURCE.extension), Kind.SOURCE);
            this.code = code;
        }

        @Override
        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
            return code;
        }
    }
}
