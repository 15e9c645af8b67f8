package io.ledgersync;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.junit.jupiter.api.extension.ExtendWith;

/** A test class that runs against a {@link MachineServer}: skipped without it, failed without it under {@code CI=true}. */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@ExtendWith(MachineServer.Condition.class)
public @interface RequiresMachineServer {

    MachineServer value();
}
