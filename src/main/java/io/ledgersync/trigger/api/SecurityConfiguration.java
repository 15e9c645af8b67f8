package io.ledgersync.trigger.api;

import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.tomcat.ConfigurableTomcatWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.http.HttpStatus;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.firewall.RequestRejectedHandler;
import org.springframework.security.web.authentication.www.BasicAuthenticationFilter;
import org.springframework.web.servlet.config.annotation.InterceptorRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

import io.micrometer.core.instrument.MeterRegistry;

/**
 * HTTP Basic on the REST API, its description (OpenAPI and Swagger UI, off in {@code prod}) and the actuator; health
 * and metrics scraping stay open. Failed logins are slowed per client ({@link FailedLoginThrottle}); a body over
 * {@code max-request-body} is 413 ({@link RequestBodyLimit}); every POST must be JSON ({@link JsonOnlyPosts}).
 *
 * <p><b>Why CSRF protection is off, and why that is safe.</b> The API keeps no session and sets no cookie: every
 * request authenticates with HTTP Basic, so a CSRF token would have nothing to be tied to, and the API's clients
 * (scripts, schedulers, {@code curl}) could not fetch one. The risk CSRF protection answers remains, though: a
 * browser that has cached the Basic credentials sends them with any request to this origin, also one that a page
 * of another site makes. What such a page can make without asking this server first (a CORS preflight) is an HTML
 * form or a "simple" request: a GET, or a POST whose Content-Type is absent, {@code
 * application/x-www-form-urlencoded}, {@code multipart/form-data} or {@code text/plain}. Every GET of the API
 * changes nothing, and every POST that is not {@code application/json} is refused with 415 before it reaches a
 * controller ({@link JsonOnlyPosts}). A cross-site POST with {@code application/json} needs a preflight, and the
 * service configures no CORS at all, so the preflight allows no origin and the browser never sends the POST. Both
 * halves are tested ({@code RunApiIntegrationTests}): keep them together, and should CORS ever be
 * configured for a browser client, turn CSRF protection on with it.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET) // not in the sync command
@ConditionalOnExpression("'${ledgersync.command:serve}' == 'serve'") // a worker: WorkerSecurityConfiguration
@EnableConfigurationProperties(SecurityProperties.class)
class SecurityConfiguration {

    @Bean
    SecurityFilterChain apiSecurity(HttpSecurity http, SecurityProperties properties, MeterRegistry meters)
            throws Exception {
        // made here, not a bean: a Filter bean would be registered with the servlet container a second time
        FailedLoginThrottle throttle = new FailedLoginThrottle(properties.failedLogins(), meters);
        return http
                .addFilterBefore(new RequestBodyLimit(properties.maxRequestBody()), BasicAuthenticationFilter.class)
                .addFilterBefore(throttle, BasicAuthenticationFilter.class)
                .authorizeHttpRequests(requests -> requests
                        // the API description too needs credentials: it is a map of what to attack
                        .requestMatchers("/actuator/health", "/actuator/health/**", "/actuator/prometheus", "/error")
                        .permitAll()
                        .anyRequest().authenticated())
                // 401 as a problem detail, like every other error of the API
                .httpBasic(basic -> basic.realmName(ProblemAuthenticationEntryPoint.REALM)
                        .authenticationEntryPoint(new ProblemAuthenticationEntryPoint()))
                .exceptionHandling(exceptions -> exceptions.authenticationEntryPoint(new ProblemAuthenticationEntryPoint()))
                // stateless Basic on every request, and POSTs only as JSON: see the class comment for why that is
                // safe against cross-site requests without a CSRF token
                .csrf(csrf -> csrf.disable())
                .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .build();
    }

    /** Every POST of the API as JSON only: the half of the cross-site rule that security filters do not see. */
    @Bean
    WebMvcConfigurer jsonOnlyPosts() {
        return new WebMvcConfigurer() {
            @Override
            public void addInterceptors(InterceptorRegistry registry) {
                registry.addInterceptor(new JsonOnlyPosts()).addPathPatterns("/api/**");
            }
        };
    }

    /**
     * A path the firewall refuses ({@code %00}, {@code %2e%2e}, {@code ;}, {@code //}) as a problem detail: Security's
     * default sends the bare status to {@code /error}, whose answer is no longer the API's.
     */
    @Bean
    RequestRejectedHandler problemForRejectedRequests() {
        return (request, response, rejected) -> ProblemResponses.write(request, response, HttpStatus.BAD_REQUEST,
                "The request's path is not allowed (an encoded or dot segment, a ';', a '//', or a control character):"
                        + " ask for the path as the API describes it, e.g. /api/runs/2");
    }

    /** Tomcat's own refusals (before Security's firewall sees the request) as problem details too. */
    @Bean
    WebServerFactoryCustomizer<ConfigurableTomcatWebServerFactory> problemForTomcatRefusals() {
        return ProblemErrorReportValve.install();
    }

    @Bean
    ApiCredentials apiCredentials(SecurityProperties properties, Environment environment) {
        return ApiCredentials.of(properties, environment);
    }

    @Bean
    UserDetailsService apiUsers(ApiCredentials credentials) {
        PasswordEncoder encoder = PasswordEncoderFactories.createDelegatingPasswordEncoder();
        return new InMemoryUserDetailsManager(User.withUsername(credentials.username())
                .password(encoder.encode(credentials.password())).roles("OPERATOR").build());
    }

    /** The line to paste at start that reaches the API, with a generated password the one that works. */
    @Bean
    ApiAddressLine apiAddressLine(ApiCredentials credentials, Environment environment) {
        return new ApiAddressLine(credentials, environment);
    }
}
