package io.ledgersync.sandbox.records;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/** A company as the platform's {@code Company} schema describes it, with its one accounting connection. */
public record Company(
        int index,
        String id,
        String name,
        String description,
        String platform,
        String redirect,
        Instant lastSync,
        Instant created,
        String createdByUserName,
        List<String> products,
        Map<String, String> tags,
        String baseCurrency,
        Connection connection) {

    /** The {@code Connection} schema: fixed integration ids per platform, as a real tenant would see them. */
    public record Connection(
            String id,
            String integrationId,
            String integrationKey,
            String sourceId,
            String platformName,
            String linkUrl,
            String status,
            Instant lastSync,
            Instant created,
            String sourceType) {
    }
}
