/**
 * Tables, columns and rows as data: the shape of a data set's table and its child tables, the standard columns every
 * data set table has, the limits of column values, and a row ready to be written.
 */
package io.ledgersync.warehouse.table;
