"""Maintenance scripts for Acme Tasks."""
