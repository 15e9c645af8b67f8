package io.ledgersync.trigger;

import java.util.Arrays;
import java.util.UUID;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;

/** HTTP Basic on the REST API and the actuator; health, metrics scraping and the API description stay open. */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET) // not in the sync command
@EnableConfigurationProperties(SecurityProperties.class)
class SecurityConfiguration {

    private static final Logger log = LoggerFactory.getLogger(SecurityConfiguration.class);

    @Bean
    SecurityFilterChain apiSecurity(HttpSecurity http) throws Exception {
        return http
                .authorizeHttpRequests(requests -> requests
                        .requestMatchers("/actuator/health", "/actuator/health/**", "/actuator/prometheus", "/error",
                                "/v3/api-docs", "/v3/api-docs/**", "/swagger-ui.html", "/swagger-ui/**").permitAll()
                        .anyRequest().authenticated())
                // 401 as a problem detail, like every other error of the API
                .httpBasic(basic -> basic.realmName(ProblemAuthenticationEntryPoint.REALM)
                        .authenticationEntryPoint(new ProblemAuthenticationEntryPoint()))
                .exceptionHandling(exceptions -> exceptions.authenticationEntryPoint(new ProblemAuthenticationEntryPoint()))
                // a stateless API authenticated on every request: no session, so no CSRF token to protect
                .csrf(csrf -> csrf.disable())
                .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .build();
    }

    @Bean
    UserDetailsService apiUsers(SecurityProperties properties, Environment environment) {
        String password = properties.password();
        if (password == null || password.isBlank()) {
            if (Arrays.asList(environment.getActiveProfiles()).contains("prod")) {
                throw new InvalidConfigurationPropertyValueException("ledgersync.security.password", "", "No password for the "
                        + "REST API user '" + properties.username() + "': set LEDGERSYNC_ADMIN_PASSWORD (ledgersync.security.password); "
                        + "the prod profile never generates one");
            }
            password = UUID.randomUUID().toString();
            log.warn("No LEDGERSYNC_ADMIN_PASSWORD set: the REST API user '{}' has the generated password {} until the next start",
                    properties.username(), password);
        }
        PasswordEncoder encoder = PasswordEncoderFactories.createDelegatingPasswordEncoder();
        return new InMemoryUserDetailsManager(User.withUsername(properties.username()).password(encoder.encode(password))
                .roles("OPERATOR").build());
    }
}
