"""Games in progress: the state, its flow, legal choices, observation, resample, saved documents.

Imports the rules and everything below them; never the compiler."""
