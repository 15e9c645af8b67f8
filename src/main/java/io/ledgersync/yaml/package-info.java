/**
 * YAML files a person writes (sandbox scenarios, data set files), read into typed records and checked with Bean
 * Validation, failing with one line that names the file, the line and the field. Generic: it imports nothing else
 * of ledgersync, so any feature may use it.
 */
package io.ledgersync.yaml;
