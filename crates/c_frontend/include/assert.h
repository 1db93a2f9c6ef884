/* Leapfrog's <assert.h>: keeps `assert` a call of a function named `assert`, which the front end
   turns into an assertion (the property unreach-call), instead of glibc's macro expansion. */
#ifndef LEAPFROG_ASSERT_H
#define LEAPFROG_ASSERT_H
void assert();
#endif
