/* placeholder: being written */
#include "app_int.h"

int app_exact_cover(sks_app *app) {
  (void)app;
  app_message("'exact_cover' is not available yet");
  return EXIT_USAGE;
}
