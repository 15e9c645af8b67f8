package io.ledgersync.trigger.api;

import org.springdoc.core.customizers.OpenApiCustomizer;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.info.BuildProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.ProblemDetail;

import io.swagger.v3.core.converter.ModelConverters;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;

/**
 * The API description at {@code /v3/api-docs}: the product's name and the version of the build
 * ({@code META-INF/build-info.properties}, written by the build), what it is for, and the HTTP
 * Basic scheme on every operation under {@code /api/} with the 401 and 429 (failed logins) that it may answer. The other
 * answers of each operation are declared on {@link RunController}.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnExpression("'${ledgersync.command:serve}' == 'serve'")
class ApiDocsConfiguration {

    static final String BASIC = "basicAuth";
    static final String PROBLEM_JSON = org.springframework.http.MediaType.APPLICATION_PROBLEM_JSON_VALUE;

    private static final String DESCRIPTION = """
            ledgersync keeps a reporting warehouse in step with the accounting data of the Data API. \
            This API starts sync runs (or resumes the unfinished one of the same request), lists them, \
            shows what each did per company and data set (with its live progress while it runs), and \
            stops and restarts them. Times are ISO-8601 instants in UTC; errors are RFC 9457 problem details.""";

    @Bean
    OpenAPI ledgersyncApiDescription(ObjectProvider<BuildProperties> build) {
        // run from an IDE without the Maven build, there is no build-info: say so rather than invent a version
        String version = build.getIfAvailable() == null ? "unknown (no build-info)" : build.getIfAvailable().getVersion();
        return new OpenAPI()
                .info(new Info().title("ledgersync").version(version).description(DESCRIPTION))
                .components(new Components().addSecuritySchemes(BASIC, new SecurityScheme().type(SecurityScheme.Type.HTTP)
                        .scheme("basic").description("The API user: LEDGERSYNC_ADMIN_USER and LEDGERSYNC_ADMIN_PASSWORD")));
    }

    /** Security applies by path (SecurityConfiguration), so its description does too. */
    @Bean
    OpenApiCustomizer basicAuthOnTheApi() {
        return api -> {
            ModelConverters.getInstance().read(ProblemDetail.class).forEach(api.getComponents()::addSchemas);
            api.getPaths().forEach((path, item) -> {
                if (path.startsWith("/api/")) {
                    item.readOperations().forEach(operation -> {
                        operation.addSecurityItem(new SecurityRequirement().addList(BASIC));
                        operation.getResponses().addApiResponse("401", problem("No credentials, or wrong ones"));
                        operation.getResponses().addApiResponse("429", problem("Too many failed logins from this"
                                + " client: wait the Retry-After seconds (ledgersync.security.failed-logins)"));
                    });
                }
            });
        };
    }

    private static ApiResponse problem(String description) {
        return new ApiResponse().description(description).content(new Content().addMediaType(PROBLEM_JSON,
                new MediaType().schema(new Schema<>().$ref("#/components/schemas/ProblemDetail"))));
    }
}
