"""Facts -> plan -> values: the run's plan and walker, the sizing pass and its families, bodies'
runs and profiling."""
