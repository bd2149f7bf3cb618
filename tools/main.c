/* sudokusat: the command line; everything lives in app.c and the library. */
int sks_app_main(int argc, char **argv);

int main(int argc, char **argv) { return sks_app_main(argc, argv); }
