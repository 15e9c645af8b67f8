package io.ledgersync.trigger.api;

import org.springframework.boot.autoconfigure.condition.ConditionalOnExpression;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.config.http.SessionCreationPolicy;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;

/**
 * The {@code worker} command's HTTP port: its health and Prometheus metrics, open as on {@code serve}, and nothing
 * else. The REST API is the manager's ({@code serve}): a worker has no controllers, so {@code /api/**} answers 404,
 * and no user, so no password is generated or logged. The other actuator endpoints and the API description are
 * refused (403).
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnExpression("'${ledgersync.command:serve}' == 'worker'")
class WorkerSecurityConfiguration {

    @Bean
    SecurityFilterChain workerSecurity(HttpSecurity http) throws Exception {
        return http
                .authorizeHttpRequests(requests -> requests
                        .requestMatchers("/actuator/health", "/actuator/health/**", "/actuator/prometheus", "/error").permitAll()
                        // nothing maps /api/** on a worker: a 404 says so, where a login prompt would suggest an API
                        .requestMatchers("/api/**").permitAll()
                        .anyRequest().denyAll())
                .csrf(csrf -> csrf.disable()) // no session, no cookie, no login: nothing for a cross-site request to ride on
                .sessionManagement(session -> session.sessionCreationPolicy(SessionCreationPolicy.STATELESS))
                .build();
    }

    /** No users: without this bean Spring Boot would create one with a generated password and log it. */
    @Bean
    UserDetailsService noUsers() {
        return new InMemoryUserDetailsManager();
    }
}
