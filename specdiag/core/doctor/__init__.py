"""``specdiag doctor``: from whatever evidence the user has to ranked causes, each with its fix
(:func:`.run.run_doctor`). Importing it imports nothing heavy."""
